package org.observatory.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.PlotOrientation;
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
    loads.addValue(l.direct().tweetsPerSecond(), "tweets/s", "historical, direct");
    loads.addValue(l.bulk().tweetsPerSecond(), "tweets/s", "historical, bulk");
    loads.addValue(l.stream().tweetsPerSecond(), "tweets/s", "streaming replay");
    save(ChartFactory.createBarChart("Loading against the parse ceiling", null, "tweets per second", loads,
        PlotOrientation.VERTICAL, false, false, false), dir.resolve("loads.png"));

    DefaultCategoryDataset storage = new DefaultCategoryDataset();
    r.storage().tables().forEach((kind, t) -> storage.addValue(t.bytesPerTweet(), "bytes per tweet", kind));
    storage.addValue(r.storage().bytesPerTweet(), "bytes per tweet", "all tables");
    storage.addValue(r.storage().inputBytesPerTweet(), "bytes per tweet", "input .json.gz");
    save(ChartFactory.createBarChart("Bytes on disk per stored tweet", null, "bytes per tweet", storage,
        PlotOrientation.HORIZONTAL, false, false, false), dir.resolve("storage.png"));

    XYSeriesCollection latency = new XYSeriesCollection();
    for (String query : QueryStage.QUERIES) {
      XYSeries series = new XYSeries(query);
      for (Window w : r.settings().windows()) {
        series.add(w.hours(), QueryStage.find(r.queries().timings(), query, w.name()).medianMs());
      }
      latency.addSeries(series);
    }
    save(logLog("Query latency by window, " + r.settings().meme(), latency, "median ms"), dir.resolve("queries.png"));

    XYSeriesCollection ratios = new XYSeriesCollection();
    for (String query : PeerComparison.QUERIES) {
      XYSeries series = new XYSeries(query);
      r.peer().stream().filter(t -> t.query().equals(query) && t.agree())
          .forEach(t -> series.add(Window.parse(t.window()).hours(), t.ratio()));
      ratios.addSeries(series);
    }
    save(logLog("DuckDB's time over Observatory's (above 1: Observatory is faster)", ratios, "ratio"),
        dir.resolve("duckdb.png"));
    return List.of("loads.png", "storage.png", "queries.png", "duckdb.png");
  }

  private static JFreeChart logLog(String title, XYSeriesCollection data, String unit) {
    JFreeChart chart = ChartFactory.createXYLineChart(title, null, null, data, PlotOrientation.VERTICAL, true,
        false, false);
    XYPlot plot = chart.getXYPlot();
    plot.setDomainAxis(new LogAxis("window (hours, log scale)"));
    plot.setRangeAxis(new LogAxis(unit + " (log scale)"));
    ((XYLineAndShapeRenderer) plot.getRenderer()).setDefaultShapesVisible(true);
    return chart;
  }

  private static void save(JFreeChart chart, Path file) throws IOException {
    ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
  }
}
