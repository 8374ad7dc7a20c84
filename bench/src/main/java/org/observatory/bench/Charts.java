package org.observatory.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.text.DecimalFormat;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The report's charts, drawn as PNG files. */
final class Charts {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 540;

  static {
    System.setProperty("java.awt.headless", "true"); // drawn on servers and in CI, without a display
  }

  private Charts() {}

  /** The chart files written, by the name the report links them with. */
  static List<String> write(Harness.Results r, Path dir) throws IOException {
    DefaultCategoryDataset loads = new DefaultCategoryDataset();
    LoadStage.Figures l = r.loads();
    loads.addValue(l.parseCeilingTweetsPerSecond(), "tweets/s", "parse ceiling");
    loads.addValue(l.indexCeilingTweetsPerSecond(), "tweets/s", "index ceiling");
    if (l.direct() != null) {
      loads.addValue(l.direct().tweetsPerSecond(), "tweets/s", "historical, direct");
    }
    loads.addValue(l.bulk().tweetsPerSecond(), "tweets/s", "historical, bulk");
    if (l.stream() != null) {
      loads.addValue(l.stream().tweetsPerSecond(), "tweets/s", "streaming replay");
    }
    for (PeerLoads.Peer p : r.peerLoads() == null ? List.<PeerLoads.Peer>of() : r.peerLoads()) {
      // the same files' tweets over the peer's time: DuckDB counts lines, not tweets
      loads.addValue(r.storage().tweets() / p.seconds(), "tweets/s", p.name().replaceFirst(" \\(.*", ""));
    }
    JFreeChart loading = ChartFactory.createBarChart("Loading, beside the ceilings and the peers", null,
        "tweets per second", loads, PlotOrientation.VERTICAL, false, false, false);
    // slanted, so that the peers' names are read whole: two begin "OpenSearch, "
    loading.getCategoryPlot().getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
    save(loading, dir.resolve("loads.png"));

    DefaultCategoryDataset storage = new DefaultCategoryDataset();
    r.storage().tables().forEach((kind, t) -> storage.addValue(t.bytesPerTweet(), "bytes per tweet", kind));
    storage.addValue(r.storage().bytesPerTweet(), "bytes per tweet", "all tables");
    storage.addValue(r.storage().inputBytesPerTweet(), "bytes per tweet", "input .json.gz");
    for (PeerLoads.Peer p : r.peerLoads() == null ? List.<PeerLoads.Peer>of() : r.peerLoads()) {
      storage.addValue(p.bytes() / (double) r.storage().tweets(), "bytes per tweet", p.name().replaceFirst(" \\(.*", ""));
    }
    save(ChartFactory.createBarChart("Bytes on disk per stored tweet", null, "bytes per tweet", storage,
        PlotOrientation.HORIZONTAL, false, false, false), dir.resolve("storage.png"));

    List<Window> windows = r.settings().windows();
    XYSeriesCollection latency = new XYSeriesCollection();
    for (String query : QueryStage.QUERIES) {
      XYSeries series = new XYSeries(query);
      for (int i = 0; i < windows.size(); i++) {
        series.add(i, QueryStage.find(r.queries().timings(), query, windows.get(i).name()).medianMs());
      }
      latency.addSeries(series);
    }
    save(byWindow("Query latency by window, " + r.settings().meme(), latency, windows, "median ms"),
        dir.resolve("queries.png"));

    List<Window> peerWindows = r.settings().peerWindows();
    if (peerWindows.isEmpty()) { // DuckDB was not run
      return List.of("loads.png", "storage.png", "queries.png");
    }
    XYSeriesCollection ratios = new XYSeriesCollection();
    for (String query : PeerComparison.QUERIES) {
      XYSeries series = new XYSeries(query);
      for (int i = 0; i < peerWindows.size(); i++) {
        String window = peerWindows.get(i).name();
        int x = i;
        r.peer().stream().filter(t -> t.query().equals(query) && t.window().equals(window) && t.agree())
            .forEach(t -> series.add(x, t.ratio()));
      }
      ratios.addSeries(series);
    }
    JFreeChart duckdb = byWindow("DuckDB's time over Observatory's (above 1: Observatory is faster)", ratios,
        peerWindows, "ratio");
    duckdb.getXYPlot().addRangeMarker(new ValueMarker(1, Color.BLACK, new BasicStroke(1.5f)));
    save(duckdb, dir.resolve("duckdb.png"));
    return List.of("loads.png", "storage.png", "queries.png", "duckdb.png");
  }

  /** Windows along x, as the evaluation's figures show them (each about double the last); y on a log scale. */
  private static JFreeChart byWindow(String title, XYSeriesCollection data, List<Window> windows, String unit) {
    JFreeChart chart = ChartFactory.createXYLineChart(title, null, null, data, PlotOrientation.VERTICAL, true,
        false, false);
    XYPlot plot = chart.getXYPlot();
    SymbolAxis x = new SymbolAxis("window from the event's start", windows.stream().map(Window::name)
        .toArray(String[]::new));
    x.setGridBandsVisible(false);
    plot.setDomainAxis(x);
    LogAxis y = new LogAxis(unit + " (log scale)");
    y.setTickUnit(new NumberTickUnit(1)); // a tick at each power of ten
    y.setMinorTickCount(9);
    y.setMinorTickMarksVisible(true);
    y.setNumberFormatOverride(new DecimalFormat("#,##0.##"));
    plot.setRangeAxis(y);
    ((XYLineAndShapeRenderer) plot.getRenderer()).setDefaultShapesVisible(true);
    return chart;
  }

  private static void save(JFreeChart chart, Path file) throws IOException {
    chart.getPlot().setBackgroundPaint(Color.WHITE);
    if (chart.getPlot() instanceof XYPlot xy) {
      xy.setDomainGridlinePaint(Color.LIGHT_GRAY);
      xy.setRangeGridlinePaint(Color.LIGHT_GRAY);
    } else if (chart.getPlot() instanceof CategoryPlot category) {
      category.setRangeGridlinePaint(Color.LIGHT_GRAY);
    }
    ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
  }
}
