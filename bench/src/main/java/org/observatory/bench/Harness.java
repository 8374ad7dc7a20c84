package org.observatory.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark harness, one command ({@code bench/run.sh}): generates a corpus (or reuses it), measures
 * loading and storage beside the stores an analyst would build instead, and every query, answers the
 * count queries with DuckDB beside Observatory, and writes the report, the figures as JSON and the charts. Each measurement runs Observatory's own commands in
 * JVMs of their own, on a fresh embedded store.
 */
public final class Harness {
  /** Queries are timed once the service idles, for at most this long, judged over this long. */
  private static final Duration IDLE_LIMIT = Duration.ofMinutes(30);
  private static final Duration IDLE_SAMPLE = Duration.ofSeconds(10);

  private Harness() {}

  /** Everything one run measured. */
  public record Results(Instant started, double minutes, String machine, HarnessSettings settings, Corpus corpus,
      LoadStage.Figures loads, List<PeerLoads.Peer> peerLoads, StorageStage.Figures storage, QueryStage.Figures queries,
      List<PeerComparison.Timing> peer, List<CoordinationStage.Timing> coordination) {}

  public static void main(String[] args) throws Exception {
    HarnessSettings settings = HarnessSettings.fromCommandLine(args);
    Results results = run(settings);
    System.out.println(Report.write(results, Path.of(settings.out())));
  }

  public static Results run(HarnessSettings s) throws Exception {
    Instant started = Instant.now();
    Path work = Files.createDirectories(Path.of(s.work()));
    Path run = Files.createTempDirectory(work, "run-");
    App app = new App(s.appJar(), s.javaOptions(), Path.of(s.out(), "logs"));
    Store store = Store.create(run.resolve("bulk"));
    try {
      step("corpus: " + s.days() + " days x " + s.perDay() + " statuses from " + s.firstDay());
      Corpus corpus = Corpus.ensure(app, s);
      step("loads: the ceilings");
      LoadStage.Ceilings ceilings = LoadStage.ceilings(app, corpus);
      // rounds, each load and each peer once a round: a slow spell of the machine's weighs on all alike
      List<LoadStage.Round> rounds = new ArrayList<>();
      List<List<PeerLoads.Peer>> peerRounds = new ArrayList<>();
      for (int round = 1; round <= s.loadRuns(); round++) {
        step("loads, round " + round + " of " + s.loadRuns() + ": " + String.join(", ", s.loads())
            + (s.peerLoads() ? ", then the peers' stores of the same files (OpenSearch at both codecs, DuckDB's table)" : ""));
        rounds.add(LoadStage.round(app, corpus, run, round == s.loadRuns() ? store : null, s, round));
        if (s.peerLoads()) {
          peerRounds.add(PeerLoads.measure(app, corpus, run, round));
        }
      }
      if (s.pacedRate() > 0) {
        step("loads: paced streaming");
      }
      LoadStage.Paced paced = LoadStage.paced(app, corpus, run, s);
      LoadStage.Figures loads = LoadStage.figures(ceilings, rounds, paced);
      List<PeerLoads.Peer> peerLoads = peerRounds.isEmpty() ? List.of() : PeerLoads.medians(peerRounds);
      step("storage");
      StorageStage.Figures storage = StorageStage.measure(store, loads.tweetsStored(), corpus.gzipBytes());
      List<QueryStage.Timing> timings;
      List<PeerComparison.Timing> peer;
      List<CoordinationStage.Timing> coordination;
      step("queries, then DuckDB beside them");
      try (App.Service service = app.serve("server", store, null)) {
        Duration settled = service.awaitIdle(IDLE_SAMPLE, IDLE_LIMIT);
        System.err.printf("the service idled after %d s (HBase compacting what the load landed)%n",
            settled.toSeconds());
        ServiceClient client = new ServiceClient(service.url());
        timings = QueryStage.time(client, s, QueryStage.QUERIES, s.windows());
        coordination = CoordinationStage.time(client, s);
        peer = PeerComparison.compare(client, corpus, s);
      }
      List<Window> fetched = s.windows().subList(0, Math.min(2, s.windows().size())).stream()
          .filter(w -> QueryStage.find(timings, QueryStage.FETCH_PROBE, w.name()).evaluation().equals("index+fetch"))
          .toList();
      List<QueryStage.Timing> forced = List.of();
      if (!fetched.isEmpty()) { // the meme index carries every meme where the specification says so
        step("the two smallest windows with phase 2 forced through MapReduce");
        try (App.Service service = app.serve("server-mapreduce", store, 0L)) {
          forced = QueryStage.time(new ServiceClient(service.url()), s, List.of(QueryStage.FETCH_PROBE), fetched);
        }
      }
      QueryStage.Figures queries = new QueryStage.Figures(timings, QueryStage.fetchRates(timings),
          QueryStage.mapReduceCosts(timings, forced));
      double minutes = Math.round((Instant.now().toEpochMilli() - started.toEpochMilli()) / 600.0) / 100.0;
      return new Results(started, minutes, machine(), s, corpus, loads, peerLoads, storage, queries, peer, coordination);
    } finally {
      store.delete();
      Store.deleteTree(run);
    }
  }

  private static void step(String what) {
    System.err.println("== " + what);
  }

  private static String machine() {
    List<String> parts = new ArrayList<>();
    parts.add(Runtime.getRuntime().availableProcessors() + " cores");
    parts.add(System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    parts.add("Java " + System.getProperty("java.version"));
    return String.join(", ", parts);
  }
}
