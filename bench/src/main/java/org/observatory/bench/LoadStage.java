package org.observatory.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Loading, measured against the parse ceiling (read, gunzip and parse on one warm thread) and the index
 * ceiling (parse and index on every core, nothing stored): the historical loader in direct and in bulk
 * mode, and the streaming loader replaying the files flat out, each into a fresh store, in rounds whose
 * medians are the figures; then the streaming loader fed the first days at a steady rate, for its latency.
 */
public final class LoadStage {
  private LoadStage() {}

  /**
   * One way of loading, at the median of its runs: tweets (statuses and embedded originals) per second
   * and seconds, its share of the ceiling, the highest peak resident memory of its runs (HBase inside
   * the process included), and every run's seconds in the order they ran.
   */
  public record Rate(double tweetsPerSecond, double seconds, double ratioToCeiling, long peakMemoryMb,
      List<Double> runSeconds) {
    /** The median of one load's runs; with an odd number of them, the figures of the middle one. */
    static Rate median(List<CommandSummary> runs, double ceiling) {
      double rate = Stats.median(runs.stream().mapToDouble(r -> r.rate("tweets")).toArray());
      return new Rate(rate, Stats.median(runs.stream().mapToDouble(CommandSummary::seconds).toArray()),
          Math.round(rate / ceiling * 1000) / 1000.0, runs.stream().mapToLong(r -> r.counter("peakMemoryMb")).max().orElse(0),
          runs.stream().map(CommandSummary::seconds).toList());
    }
  }

  /**
   * The streaming loader started cold and fed at a steady rate, as a live stream feeds it after a restart:
   * how long a line takes from reaching the daemon to its tweets being stored (queryable), at the 99th
   * percentile, until it first caught up with arrival and in the minutes after.
   */
  public record Paced(double linesPerSecond, int days, double tweetsPerSecond, double seconds,
      ArrivalToStored arrivalToStored) {}

  /**
   * @param indexCeilingTweetsPerSecond parse and index on every core, nothing stored: what every load does
   *     before it writes, so each load's cost above its own indexing shows
   * @param direct null when the run left it out, as {@code stream}
   * @param paced null when no rate was set
   * @param tweetsStored in the bulk load's store: tweets written, less those a later delete notice erased
   */
  public record Figures(double parseCeilingTweetsPerSecond, double indexCeilingTweetsPerSecond, Rate direct,
      Rate bulk, Rate stream, Paced paced, long tweetsStored) {}

  /** The parse ceiling (one thread) and the index ceiling (every core), in tweets per second. */
  public record Ceilings(double parse, double index) {}

  /** One round of Observatory's loads, each into a fresh store; direct and stream null when left out. */
  public record Round(CommandSummary direct, CommandSummary stream, CommandSummary bulk) {}

  public static Ceilings ceilings(App app, Corpus corpus) throws IOException, InterruptedException {
    String passes = Integer.toString(ceilingPasses(corpus));
    double parse = app.run("parse", "parse", "--passes", passes, corpus.dir()).rate("tweets");
    double index = app.run("parse-index", "parse", "--index", "--threads",
        Integer.toString(Runtime.getRuntime().availableProcessors()), "--passes", passes, corpus.dir()).rate("tweets");
    return new Ceilings(parse, index);
  }

  /**
   * Round {@code round} of every load the settings name; the bulk load goes into {@code kept} when given
   * (the last round's store answers the queries), otherwise into a fresh store deleted after.
   */
  public static Round round(App app, Corpus corpus, Path work, Store kept, HarnessSettings s, int round)
      throws IOException, InterruptedException {
    CommandSummary direct = !s.measures("direct") ? null : once(Store.create(work.resolve("direct")), store ->
        app.run("load-direct-" + round, "load", "-c", store.config(null).toString(), "--mode", "direct", corpus.dir()));
    CommandSummary stream = !s.measures("stream") ? null : once(Store.create(work.resolve("stream")), store ->
        app.run("stream-replay-" + round, "stream", "-c", store.config(null).toString(), "replay", corpus.dir()));
    Load bulk = store -> app.run("load-bulk-" + round, "load", "-c", store.config(null).toString(), "--mode", "bulk",
        corpus.dir());
    return new Round(direct, stream, kept != null ? bulk.into(kept) : once(Store.create(work.resolve("bulk-" + round)), bulk));
  }

  /** The streaming loader fed the first days at the settings' rate from a cold start; null when no rate is set. */
  public static Paced paced(App app, Corpus corpus, Path work, HarnessSettings s)
      throws IOException, InterruptedException {
    if (s.pacedRate() <= 0 || s.pacedDays() <= 0) {
      return null;
    }
    List<String> args = new ArrayList<>(List.of("stream", "-c", "CONFIG", "replay", "--rate", Double.toString(s.pacedRate())));
    corpus.files().subList(0, Math.min(s.pacedDays(), corpus.files().size())).forEach(args::add);
    CommandSummary run = once(Store.create(work.resolve("paced")), store -> {
      args.set(2, store.config(null).toString());
      return app.run("stream-paced", args.toArray(String[]::new));
    });
    return new Paced(s.pacedRate(), s.pacedDays(), run.rate("tweets"), run.seconds(),
        ArrivalToStored.of(app.log("stream-paced")));
  }

  /** The loads' figures at the median of the rounds; the tweets stored are those of the last round's bulk store. */
  public static Figures figures(Ceilings ceilings, List<Round> rounds, Paced paced) {
    CommandSummary kept = rounds.get(rounds.size() - 1).bulk();
    return new Figures(ceilings.parse(), ceilings.index(), median(rounds, Round::direct, ceilings.parse()),
        median(rounds, Round::bulk, ceilings.parse()), median(rounds, Round::stream, ceilings.parse()), paced,
        kept.puts("tweets") - kept.counter("erased"));
  }

  private static Rate median(List<Round> rounds, java.util.function.Function<Round, CommandSummary> load, double ceiling) {
    List<CommandSummary> runs = rounds.stream().map(load).filter(java.util.Objects::nonNull).toList();
    return runs.isEmpty() ? null : Rate.median(runs, ceiling);
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

  private static CommandSummary once(Store store, Load load) throws IOException, InterruptedException {
    try {
      return load.into(store);
    } finally {
      store.delete();
    }
  }
}
