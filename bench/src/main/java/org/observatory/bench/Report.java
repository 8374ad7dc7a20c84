package org.observatory.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** A run's figures as {@code results.json}, {@code report.md} (headline table first) and PNG charts. */
final class Report {
  /** Why a run has no phase-2 figures: nothing it asked fetched its tweets. */
  private static final String NO_FETCH = QueryStage.FETCH_PROBE + " answered from the meme index's cells";
  static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
      .enable(SerializationFeature.INDENT_OUTPUT);

  private Report() {}

  /** Writes the three under {@code dir} and returns the Markdown. */
  static String write(Harness.Results r, Path dir) throws IOException {
    Files.createDirectories(dir);
    JSON.writeValue(dir.resolve("results.json").toFile(), r);
    List<String> charts = Charts.write(r, dir);
    String markdown = markdown(r, charts);
    Files.writeString(dir.resolve("report.md"), markdown);
    return markdown;
  }

  static String markdown(Harness.Results r, List<String> charts) {
    HarnessSettings s = r.settings();
    StringBuilder md = new StringBuilder();
    md.append("# Observatory benchmark, ").append(r.started().toString(), 0, 10).append("\n\n");
    md.append(String.format(Locale.ROOT, "%s; %d generated days x %,d statuses from %s (%,d tweets stored, "
            + "%.1f MB of .json.gz); queries for %s from %s. One run, %.1f minutes.%n%n", r.machine(), s.days(),
        s.perDay(), s.firstDay(), r.storage().tweets(), r.corpus().gzipBytes() / 1e6, s.meme(),
        s.eventStart(), r.minutes()));
    headline(md, r);
    loads(md, r);
    storage(md, r);
    peerLoads(md, r);
    queries(md, r);
    peer(md, r);
    coordination(md, r);
    md.append("## Charts\n\n");
    charts.forEach(c -> md.append("![").append(c).append("](").append(c).append(")\n\n"));
    return md.toString();
  }

  private static void headline(StringBuilder md, Harness.Results r) {
    md.append("## Headline\n\n");
    headlineTable(md, r);
  }

  /** The run's headline figures as a table: what docs/operations.md keeps as the current figures. */
  static void headlineTable(StringBuilder md, Harness.Results r) {
    LoadStage.Figures l = r.loads();
    String longest = r.settings().windows().get(r.settings().windows().size() - 1).name();
    md.append("| figure | measured |\n|---|---|\n");
    row(md, "parse ceiling (read, gunzip, parse; one thread)", rate(l.parseCeilingTweetsPerSecond()) + " tweets/s");
    headlineLoad(md, "historical load, direct", l.direct());
    headlineLoad(md, "historical load, bulk", l.bulk());
    headlineLoad(md, "streaming replay", l.stream());
    if (l.paced() != null && l.paced().arrivalToStored().steadyP99Ms() >= 0) {
      row(md, "streaming at " + rate(l.paced().linesPerSecond()) + " lines/s, steady-state arrival-to-stored p99",
          ms(l.paced().arrivalToStored().steadyP99Ms()));
    }
    row(md, "storage", r.storage().bytesPerTweet() + " bytes per tweet, " + r.storage().ratioToInput()
        + "x the .json.gz input");
    peer(r, PeerLoads.SEARCH_DEFAULT).ifPresent(p -> {
      row(md, "bulk load's speed over OpenSearch's at its default codec (goal: above 1)", speedOver(l.bulk(), p));
      row(md, "direct load's and stream replay's over it (goal: 0.8 or more)", speedOver(l.direct(), p) + ", "
          + speedOver(l.stream(), p));
    });
    peer(r, PeerLoads.SEARCH_SMALLEST).ifPresent(p -> row(md,
        "tables over OpenSearch's index at best_compression (goal: 1 or less)", ratio(r.storage().totalBytes(), p.bytes())));
    row(md, "index-only latency at " + longest, r.queries().timings().stream()
        .filter(t -> t.window().equals(longest) && t.evaluation().equals("index-only"))
        .map(t -> t.query() + " " + ms(t.medianMs())).collect(Collectors.joining(", ")));
    row(md, "phase-2 fetch rate (" + QueryStage.FETCH_PROBE + " beyond " + QueryStage.PHASE1_PROBE + ")",
        r.queries().fetchRates().isEmpty() ? "no window fetched 1,000 tweets in the service (" + NO_FETCH + ")"
            : r.queries().fetchRates().stream().map(f -> rate(f.tweetsPerSecond()) + " tweets/s at " + f.window())
                .collect(Collectors.joining(", ")));
    row(md, "MapReduce phase 2's fixed cost", r.queries().mapReduce().isEmpty() ? "no window fetched (" + NO_FETCH
        + ")" : r.queries().mapReduce().stream().map(c -> ms(c.fixedCostMs()) + " at " + c.window())
            .collect(Collectors.joining(", ")));
    for (String query : r.settings().peerWindows().isEmpty() ? List.<String>of() : PeerComparison.QUERIES) {
      row(md, "DuckDB's time over Observatory's: " + query, r.peer().stream().filter(t -> t.query().equals(query))
          .map(t -> (t.agree() ? t.ratio() + "x" : "answers differ") + " at " + t.window())
          .collect(Collectors.joining(", ")));
    }
    md.append('\n');
  }

  private static void headlineLoad(StringBuilder md, String name, LoadStage.Rate rate) {
    if (rate == null) {
      return;
    }
    row(md, name, rate(rate.tweetsPerSecond()) + " tweets/s, " + rate.ratioToCeiling() + " of the ceiling");
  }

  private static void loads(StringBuilder md, Harness.Results r) {
    LoadStage.Figures l = r.loads();
    md.append("## Loading\n\nEach load into a fresh embedded store; tweets are statuses and embedded originals. ")
        .append(rounds(r)).append("\n\n")
        .append("| | tweets/s | seconds | ratio to the ceiling | peak memory (MB, highest run) |\n|---|---|---|---|---|\n");
    row(md, "parse ceiling", rate(l.parseCeilingTweetsPerSecond()), "", "1", "");
    row(md, "index ceiling (parse and index on every core, nothing stored)", rate(l.indexCeilingTweetsPerSecond()), "",
        String.valueOf(Math.round(l.indexCeilingTweetsPerSecond() / l.parseCeilingTweetsPerSecond() * 1000) / 1000.0), "");
    load(md, "historical, direct", l.direct());
    load(md, "historical, bulk", l.bulk());
    load(md, "streaming replay, flat out", l.stream());
    if (l.paced() != null) {
      LoadStage.Paced p = l.paced();
      row(md, "streaming replay of the first " + p.days() + " days at " + rate(p.linesPerSecond()) + " lines/s, "
          + "from a cold start", rate(p.tweetsPerSecond()), String.valueOf(p.seconds()), "", "");
    }
    if (l.paced() != null) {
      ArrivalToStored latency = l.paced().arrivalToStored();
      md.append("\nAt the steady rate, from a line reaching the streaming daemon to its tweets being stored: p99 ")
          .append(ms(latency.coldStartP99Ms())).append(" until it had first caught up with arrival (its cold start: ")
          .append("JIT, creating the month's tables, as after any restart), and ")
          .append(latency.worstMinuteP99Ms() < 0 ? "no minute after: the replay was too short to tell the steady state"
              : "in the steady state (every minute that began after) "
                  + (latency.steadyP99Ms() < 0 ? "" : ms(latency.steadyP99Ms()) + " over the segments stored, ")
                  + ms(latency.worstMinuteP99Ms()) + " in its worst minute")
          .append(".\n");
    }
    if (r.corpus().generatorStatusesPerSecond() != null) {
      md.append("\nThe generator wrote the corpus at ").append(rate(r.corpus().generatorStatusesPerSecond()))
          .append(" statuses/s.\n");
    }
    md.append('\n');
  }

  /**
   * The peers' stores of the same files beside Observatory's loads: time against time, bytes against bytes
   * (the peers count tweets, or lines, as they store them; the files are the same).
   */
  private static void peerLoads(StringBuilder md, Harness.Results r) {
    if (r.peerLoads() == null || r.peerLoads().isEmpty()) {
      return;
    }
    LoadStage.Figures l = r.loads();
    PeerLoads.Peer fastest = peer(r, PeerLoads.SEARCH_DEFAULT).orElseThrow();
    md.append("## Beside the peers\n\nThe same files, each store from cold on every core. OpenSearch ")
        .append("2.19, a fresh single node for each codec from its published jars, indexed them over `_bulk` ")
        .append("from one client thread per core ")
        .append("(Elasticsearch's tweet mapping: one shard, no replica, no refresh during the load; timed from the ")
        .append("index's creation to its flush); DuckDB's table is every line as `read_json_auto` infers it. ")
        .append("Speed is OpenSearch's time at its default codec over the load's; bytes over the tables'. ")
        .append(rounds(r)).append("\n\n")
        .append("| | seconds | tweets/s | speed against OpenSearch | holds | bytes | tables over it |\n")
        .append("|---|---|---|---|---|---|---|\n");
    long tweets = r.storage().tweets();
    // the tables are sized once: their bytes stand on bulk's row
    for (NamedLoad load : List.of(new NamedLoad("Observatory, bulk", l.bulk(), true),
        new NamedLoad("Observatory, direct", l.direct(), false), new NamedLoad("Observatory, stream replay", l.stream(), false))) {
      if (load.rate() != null) {
        row(md, load.name(), seconds(load.rate().seconds(), load.rate().runSeconds()), rate(load.rate().tweetsPerSecond()),
            speedOver(load.rate(), fastest), String.format(Locale.ROOT, "%,d tweet puts", tweets),
            load.sized() ? String.format(Locale.ROOT, "%,d", r.storage().totalBytes()) : "", load.sized() ? "1" : "");
      }
    }
    for (PeerLoads.Peer p : r.peerLoads()) {
      boolean lines = p.name().equals(PeerLoads.DUCKDB);
      row(md, p.name(), seconds(p.seconds(), p.runSeconds()), lines ? "" : rate(p.documents() / p.seconds()),
          String.valueOf(Math.round(fastest.seconds() / p.seconds() * 100) / 100.0),
          String.format(Locale.ROOT, "%,d %s", p.documents(), lines ? "lines" : "tweets"),
          String.format(Locale.ROOT, "%,d", p.bytes()), ratio(r.storage().totalBytes(), p.bytes()));
    }
    md.append("\nObservatory's tweets/s and tweet puts count every tweet a line carries, an original each time a ")
        .append("retweet embeds it (as the ceilings count); OpenSearch holds each tweet once, deletes honoured.\n");
    md.append("\nParse and index on every core, nothing stored (the index ceiling): ")
        .append(rate(l.indexCeilingTweetsPerSecond())).append(" tweets/s; bulk runs at ")
        .append(Math.round(l.bulk().tweetsPerSecond() / l.indexCeilingTweetsPerSecond() * 1000) / 1000.0)
        .append(" of it.\n\n");
  }

  private record NamedLoad(String name, LoadStage.Rate rate, boolean sized) {}

  private static java.util.Optional<PeerLoads.Peer> peer(Harness.Results r, String name) {
    return r.peerLoads() == null ? java.util.Optional.empty()
        : r.peerLoads().stream().filter(p -> p.name().equals(name)).findFirst();
  }

  /** How many times the peer's time a load's is (above 1: the load is faster); "not measured" when left out. */
  private static String speedOver(LoadStage.Rate load, PeerLoads.Peer peer) {
    return load == null ? "not measured" : String.valueOf(Math.round(peer.seconds() / load.seconds() * 100) / 100.0);
  }

  /** How the loads were repeated, said where their figures are given. */
  private static String rounds(Harness.Results r) {
    int runs = r.settings().loadRuns();
    return runs <= 1 ? "Each load ran once." : "Each load ran " + runs + " times, in rounds (each load and each peer "
        + "once a round); the figures are the medians, each run's seconds in brackets in the order they ran.";
  }

  /** A median's seconds, and each run's when there were several. */
  private static String seconds(double median, List<Double> runs) {
    return runs == null || runs.size() < 2 ? String.valueOf(median)
        : median + " (" + runs.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")";
  }

  private static String ratio(long bytes, long peerBytes) {
    return String.valueOf(Math.round(bytes * 100.0 / peerBytes) / 100.0);
  }

  private static void load(StringBuilder md, String name, LoadStage.Rate rate) {
    if (rate == null) {
      return;
    }
    row(md, name, rate(rate.tweetsPerSecond()), seconds(rate.seconds(), rate.runSeconds()), String.valueOf(rate.ratioToCeiling()),
        String.format(Locale.ROOT, "%,d", rate.peakMemoryMb()));
  }

  private static void storage(StringBuilder md, Harness.Results r) {
    md.append("## Storage\n\nAfter the bulk load, flushed, not compacted; every month and revision summed.\n\n");
    storageTable(md, r);
    md.append("\nThe tables take ").append(r.storage().ratioToInput()).append("x the gzipped input.\n\n");
  }

  /** Bytes by table kind, all tables and the input. */
  static void storageTable(StringBuilder md, Harness.Results r) {
    StorageStage.Figures st = r.storage();
    md.append("| table kind | bytes | bytes per tweet |\n|---|---|---|\n");
    st.tables().forEach((kind, t) -> row(md, kind, String.format(Locale.ROOT, "%,d", t.bytes()),
        String.valueOf(t.bytesPerTweet())));
    row(md, "**all tables**", String.format(Locale.ROOT, "%,d", st.totalBytes()), String.valueOf(st.bytesPerTweet()));
    row(md, "input (.json.gz)", String.format(Locale.ROOT, "%,d", r.corpus().gzipBytes()),
        String.valueOf(st.inputBytesPerTweet()));
  }

  private static void queries(StringBuilder md, Harness.Results r) {
    List<Window> windows = r.settings().windows();
    md.append("## Queries\n\nMedian of ").append(r.settings().runs()).append(" warm runs over HTTP, in ms; ")
        .append("the result size (counts, rows or tweets) below each. Phase 2 runs in the service, the default with the local job runner (`bench/run.sh cluster` measures YARN).\n\n")
        .append(header("query", windows));
    for (String query : QueryStage.QUERIES) {
      md.append("| ").append(query);
      windows.forEach(w -> md.append(" | ").append(ms(QueryStage.find(r.queries().timings(), query, w.name()).medianMs())));
      md.append(" |\n| size");
      windows.forEach(w -> md.append(" | ").append(QueryStage.find(r.queries().timings(), query, w.name()).size()));
      md.append(" |\n");
    }
    md.append("\n").append(header("", windows)).append("| phase-1 tweets");
    windows.forEach(w -> md.append(" | ").append(QueryStage.find(r.queries().timings(), "meme-post-count", w.name())
        .phase1Tweets()));
    for (String query : List.of("user-post-count", "meme-cooccurrence-count", "retweet-edges", "mention-edges")) {
      md.append(" |\n| ").append(query);
      windows.forEach(w -> md.append(" | ").append(QueryStage.find(r.queries().timings(), query, w.name()).evaluation()));
    }
    md.append(" |\n\nMapReduce phase 2, forced (threshold 0), against the service's own fetch: ")
        .append(r.queries().mapReduce().isEmpty() ? "not measured (" + NO_FETCH + ")" : r.queries().mapReduce()
            .stream().map(c -> c.window() + ": " + ms(c.mapReduceMs()) + " vs " + ms(c.serviceMs()))
            .collect(Collectors.joining(", "))).append(".\n\n");
  }

  private static void peer(StringBuilder md, Harness.Results r) {
    List<Window> windows = r.settings().peerWindows();
    if (windows.isEmpty()) {
      md.append("## Beside DuckDB\n\nNot run (`--peer-windows none`).\n\n");
      return;
    }
    md.append("## Beside DuckDB\n\nThe count queries answered by Observatory over HTTP and by DuckDB over the same ")
        .append(".json.gz files, compared before timing. Median ms, Observatory / DuckDB (DuckDB's time over ")
        .append("Observatory's).\n\n").append(header("query", windows));
    for (String query : PeerComparison.QUERIES) {
      md.append("| ").append(query);
      for (Window w : windows) {
        PeerComparison.Timing t = r.peer().stream().filter(p -> p.query().equals(query) && p.window().equals(w.name()))
            .findFirst().orElseThrow();
        md.append(" | ").append(t.agree() ? ms(t.observatoryMs()) + " / " + ms(t.duckdbMs()) + " (" + t.ratio() + "x)"
            : "answers differ");
      }
      md.append(" |\n");
    }
    md.append('\n');
  }

  private static void coordination(StringBuilder md, Harness.Results r) {
    if (r.coordination() == null || r.coordination().isEmpty()) {
      return; // a run from before the stage
    }
    md.append("## Coordinated accounts\n\ncoordinated-accounts for ").append(r.settings().meme()).append(" over ")
        .append(r.coordination().get(0).window()).append(" from the event's start, each trace at the query's defaults ")
        .append("(minTraces 5, threshold 0.9, co-burst in 30 s). Median ms over HTTP, split into reading the traces and ")
        .append("the similarity step (weighting, comparing, clustering), with what that step held.\n\n")
        .append("| trace | answer | reading | similarity | held | tweets | accounts | kept | traces | pairs | clusters | evaluation |\n")
        .append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (CoordinationStage.Timing t : r.coordination()) {
      row(md, t.trace(), ms(t.medianMs()), ms(t.readingMs()), ms(t.similarityMs()),
          String.format(Locale.ROOT, "%.1f MB", t.similarityBytes() / 1e6), String.format(Locale.ROOT, "%,d", t.phase1Tweets()),
          String.format(Locale.ROOT, "%,d", t.accounts()), String.format(Locale.ROOT, "%,d", t.accountsKept()),
          String.format(Locale.ROOT, "%,d", t.traces()), String.format(Locale.ROOT, "%,d", t.pairs()),
          Integer.toString(t.clusters()), t.evaluation());
    }
    md.append('\n');
  }

  private static String header(String first, List<Window> windows) {
    return "| " + first + " | " + windows.stream().map(Window::name).collect(Collectors.joining(" | ")) + " |\n|---|"
        + "---|".repeat(windows.size()) + "\n";
  }

  private static void row(StringBuilder md, String... cells) {
    md.append("| ").append(String.join(" | ", cells)).append(" |\n");
  }

  private static String rate(double perSecond) {
    return String.format(Locale.ROOT, "%,.0f", perSecond);
  }

  private static String ms(double millis) {
    return String.format(Locale.ROOT, millis < 100 ? "%.1f ms" : "%,.0f ms", millis);
  }
}
