package org.observatory.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Loading, measured against the parse ceiling (read, gunzip and parse on one warm thread) and the index
 * ceiling (parse and index on every core, nothing stored): the historical
 * loader in direct and in bulk mode, and the streaming loader replaying the files flat out, each into a
 * fresh store; then the streaming loader fed the first days at a steady rate, for its latency.
 */
public final class LoadStage {
  private LoadStage() {}

  /** One way of loading: tweets (statuses and embedded originals) per second, and its share of the ceiling. */
  /** @param peakMemoryMb the loading process's peak resident memory, HBase inside it included */
  public record Rate(double tweetsPerSecond, double seconds, double ratioToCeiling, long peakMemoryMb) {}

  /**
   * The streaming loader started cold and fed at a steady rate, as a live stream feeds it after a restart:
   * how long a line takes from reaching the daemon to its tweets being stored (queryable), at the 99th
   * percentile, until it first caught up with arrival and in the minutes after.
   */
  public record Paced(double linesPerSecond, int days, double tweetsPerSecond, double seconds,
      ArrivalToStored arrivalToStored) {}

  /**
   * @param direct null when the run left it out, as {@code stream}
   * @param paced null when no rate was set
   * @param tweetsStored in the bulk load's store: tweets written, less those a later delete notice erased
   */
  /**
   * @param indexCeilingTweetsPerSecond parse and index on every core, nothing stored: what every load does
   *     before it writes, so each load's cost above its own indexing shows
   */
  public record Figures(double parseCeilingTweetsPerSecond, double indexCeilingTweetsPerSecond, Rate direct,
      Rate bulk, Rate stream, Paced paced, long tweetsStored) {}

  /**
   * Measures every way of loading the corpus; the bulk load's store is {@code kept}, for the storage and
   * query measurements.
   */
  public static Figures measure(App app, Corpus corpus, Path work, Store kept, HarnessSettings s)
      throws IOException, InterruptedException {
    double ceiling = app.run("parse", "parse", "--passes", Integer.toString(ceilingPasses(corpus)), corpus.dir())
        .rate("tweets");
    double indexCeiling = app.run("parse-index", "parse", "--index", "--threads",
        Integer.toString(Runtime.getRuntime().availableProcessors()), "--passes", Integer.toString(ceilingPasses(corpus)),
        corpus.dir()).rate("tweets");
    Rate direct = !s.measures("direct") ? null : once(ceiling, Store.create(work.resolve("direct")), store ->
        app.run("load-direct", "load", "-c", store.config(null).toString(), "--mode", "direct", corpus.dir()));
    Rate stream = !s.measures("stream") ? null : once(ceiling, Store.create(work.resolve("stream")), store ->
        app.run("stream-replay", "stream", "-c", store.config(null).toString(), "replay", corpus.dir()));
    Paced paced = null;
    if (s.pacedRate() > 0 && s.pacedDays() > 0) {
      List<String> args = new ArrayList<>(List.of("stream", "-c", "CONFIG", "replay", "--rate", Double.toString(s.pacedRate())));
      corpus.files().subList(0, Math.min(s.pacedDays(), corpus.files().size())).forEach(args::add);
      Rate rate = once(ceiling, Store.create(work.resolve("paced")), store -> {
        args.set(2, store.config(null).toString());
        return app.run("stream-paced", args.toArray(String[]::new));
      });
      paced = new Paced(s.pacedRate(), s.pacedDays(), rate.tweetsPerSecond(), rate.seconds(),
          ArrivalToStored.of(app.log("stream-paced")));
    }
    CommandSummary bulk = app.run("load-bulk", "load", "-c", kept.config(null).toString(), "--mode", "bulk", corpus.dir());
    return new Figures(ceiling, indexCeiling, direct, rate(bulk, ceiling), stream, paced,
        bulk.puts("tweets") - bulk.counter("erased"));
  }

  /**
   * The median of up to 5 passes in one JVM, as many as read about 500 MB: a cold JVM's single pass over a
   * small corpus runs a third slower, mostly compiling, while over gigabytes the compiling is lost in it.
   */
  static int ceilingPasses(Corpus corpus) {
    return (int) Math.max(1, Math.min(5, Math.ceil(500e6 / Math.max(1, corpus.gzipBytes()))));
  }

  private interface Load {
    CommandSummary into(Store store) throws IOException, InterruptedException;
  }

  private static Rate once(double ceiling, Store store, Load load) throws IOException, InterruptedException {
    try {
      return rate(load.into(store), ceiling);
    } finally {
      store.delete();
    }
  }

  private static Rate rate(CommandSummary summary, double ceiling) {
    double rate = summary.rate("tweets");
    return new Rate(rate, summary.seconds(), Math.round(rate / ceiling * 1000) / 1000.0, summary.counter("peakMemoryMb"));
  }
}
