package org.observatory.bench;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Durability;
import org.observatory.api.hbase.HBaseFactory;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.generator.JetstreamGenerator;
import org.observatory.loader.LoadCounter;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.TweetFiles;
import org.observatory.loader.stream.JetstreamSource;
import org.observatory.loader.stream.StreamLoader;
import org.observatory.loader.stream.StreamPart;
import org.observatory.loader.stream.StreamSettings;
import org.observatory.schemas.bluesky.JetstreamParser;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Platform;
import org.observatory.schemas.tables.TableNames;

/**
 * {@code bench/run.sh bluesky}: the Jetstream daemon on generated events of every collection served
 * by a loopback WebSocket server, in this JVM on the embedded store: the rate flat out, arrival-to-stored
 * while paced, and the bytes stored per post against the gzipped events the daemon records by default
 * (posts, reposts, identity and account events); then the generated hours loaded as a recording is
 * ({@code observatory load}, direct and bulk). Writes {@code bench/results/bluesky.md}.
 */
public final class BlueskyBench {
  private static final List<String> EVERY_COLLECTION = List.of("app.bsky.feed.like", "app.bsky.feed.post",
      "app.bsky.feed.repost", "app.bsky.graph.follow", "app.bsky.graph.block", "app.bsky.actor.profile");

  /** Observatory's executable jar, which bench/run.sh builds: the loads run in a process of their own. */
  private static final String APP_JAR = "query-api/target/observatory.jar";

  private BlueskyBench() {}

  public static void main(String[] args) throws Exception {
    double generated = doubleArg(args, "--events-per-second", 100);
    double paced = doubleArg(args, "--paced", 4_800); // about 1,000 posts and reposts a second: 10x the network
    int pacedSeconds = (int) doubleArg(args, "--paced-seconds", 90);
    int runs = (int) doubleArg(args, "--runs", 3);
    Path work = Path.of("bench/work/bluesky");
    JetstreamGenerator.Summary corpus = JetstreamGenerator.write(new JetstreamGenerator.Settings(2026,
        Instant.parse("2026-07-04T12:00:00Z"), 1, generated, 50_000), work.resolve("events"));
    List<String> events = lines(corpus.files());
    long recordedBytes = recordedByDefault(events, work.resolve("recorded-by-default.jsonl.gz"));
    System.out.println("generated " + corpus);

    Path data = Files.createTempDirectory("bluesky-bench");
    StringBuilder md = new StringBuilder("# Bluesky: the Jetstream daemon\n\n");
    KilledDaemon.Figures killed;
    Map<String, CommandSummary> loads = new LinkedHashMap<>();
    try (HBaseStore store = new HBaseFactory().withDataDir(data.resolve("data").toString())
        .withZookeeper(null, freePort()).open(false)) {
      List<Double> rates = new ArrayList<>();
      TableNames first = null;
      long posts = 0;
      for (int run = 0; run < runs; run++) {
        TableNames names = new TableNames("bench_flat" + run).of(Platform.BLUESKY);
        Result flat = stream(store, names, events, 0, data.resolve("flat" + run), Integer.MAX_VALUE);
        rates.add(flat.eventsPerSecond());
        System.out.printf(Locale.ROOT, "flat out, run %d: %.0f events/s%n", run + 1, flat.eventsPerSecond());
        if (first == null) {
          first = names;
          posts = flat.statuses();
        }
      }
      Result pacedRun = stream(store, new TableNames("bench_paced").of(Platform.BLUESKY), events, paced,
          data.resolve("paced"), pacedSeconds);
      killed = KilledDaemon.run(events, paced, data.resolve("killed"));
      App app = new App(APP_JAR, JavaOptions.launchers(JavaOptions.LAUNCHERS), work.resolve("logs"));
      for (String mode : List.of("direct", "bulk")) {
        Store into = Store.create(data.resolve("load-" + mode));
        try {
          loads.put(mode, app.run("bluesky-load-" + mode, "load", "-c", into.config(null).toString(), "--mode", mode,
              work.resolve("events").toString()));
        } finally {
          into.delete();
        }
      }
      long stored = tableBytes(store, first, data.resolve("data"));
      md.append(String.format(Locale.ROOT, """
          %d generated events of every collection (%d posts, %d reposts), %.1f MB of gzip, served on loopback
          to the daemon subscribed to every collection, in one JVM with the embedded store, on %d cores.

          | figure | value |
          |---|---|
          | flat out, events/s (median of %d runs) | %.0f (runs: %s) |
          | paced at %.0f events/s for %d s: arrival-to-stored p99, last minute | %.0f ms |
          | paced: arrival-to-stored median, last minute | %.0f ms |
          | posts and reposts stored | %d |
          | tables' bytes (flushed, not compacted) per post or repost | %.0f |
          | the default recording's gzip (posts, reposts, identity, account) per post or repost | %.0f |
          | tables ÷ recording | %.2f |
          | kill -9 mid-stream (paced), then started again: seconds from the kill to storing again | %.1f |
          | events lost / doubled after the restart | %d / %d |
          | the recorded hours loaded (`observatory load`, its own process), direct: events/s (posts and reposts/s) | %s |
          | the same, bulk | %s |
          """, events.size(), corpus.posts(), corpus.reposts(), Files.size(corpus.files().get(0)) / 1e6,
          Runtime.getRuntime().availableProcessors(), runs, Stats.median(rates.stream().mapToDouble(Double::doubleValue).toArray()),
          String.join(", ", rates.stream().map(r -> String.format(Locale.ROOT, "%.0f", r)).toList()), paced, pacedSeconds,
          pacedRun.p99Ms(), pacedRun.medianMs(), posts, stored / (double) posts, recordedBytes / (double) posts,
          stored / (double) recordedBytes, killed.secondsToStoringAgain(), killed.lost(), killed.doubled(),
          loadRate(loads.get("direct")), loadRate(loads.get("bulk"))));
    }
    Path out = Path.of("bench/results/bluesky.md");
    Files.createDirectories(out.getParent());
    Files.writeString(out, md.toString());
    System.out.println(md);
  }

  private record Result(double eventsPerSecond, long statuses, double p99Ms, double medianMs) {}

  /** A load's events (lines) a second, and the posts and reposts (statuses) among them. */
  private static String loadRate(CommandSummary load) {
    return String.format(Locale.ROOT, "%.0f (%.0f)", load.counter("lines") / load.seconds(),
        load.counter("statuses") / load.seconds());
  }

  /** Streams the events into the namespace until every one is loaded, or for {@code seconds} when paced. */
  private static Result stream(HBaseStore store, TableNames names, List<String> events, double perSecond, Path dir,
      int seconds) throws Exception {
    JetstreamServer server = new JetstreamServer(events, perSecond);
    server.start();
    MetricRegistry metrics = new MetricRegistry();
    StreamSettings settings = new StreamSettings(StreamPart.whole(), dir.resolve("spool"), 2048L << 20, 250,
        dir.resolve("rejected"), 4L << 20, Durability.SYNC_WAL, 10, 20, 600, 60, null);
    StreamLoader loader = new StreamLoader(() -> {
      LoaderKit kit = new LoaderKit(store.loaderConnection(), names, IndexSpec.defaults(), 1);
      return new StreamLoader.Connected(kit, kit.indexer());
    }, settings, metrics);
    JetstreamSource source = new JetstreamSource(new JetstreamSource.Settings(List.of(server.uri()), EVERY_COLLECTION,
        List.of(), dir.resolve("spool").resolve("jetstream.cursor"), 5, Integer.MAX_VALUE, 5));
    CompletableFuture<?> run = CompletableFuture.runAsync(() -> {
      try {
        loader.run(source);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    long target = perSecond > 0 ? Math.min(events.size(), (long) (perSecond * seconds)) : events.size();
    while (loader.counters().sum(LoadCounter.LINES) < target && System.nanoTime() < deadline + 60_000_000_000L) {
      Thread.sleep(100);
    }
    long done = System.nanoTime();
    Timer latency = metrics.timer("stream.arrival-to-stored");
    double p99 = latency.getSnapshot().get99thPercentile() / 1e6;
    double median = latency.getSnapshot().getMedian() / 1e6;
    long lines = loader.counters().sum(LoadCounter.LINES);
    long statuses = loader.counters().sum(LoadCounter.STATUSES);
    loader.stop();
    run.get(2, TimeUnit.MINUTES);
    server.stop(1000);
    return new Result(lines / ((done - server.firstSentNanos) / 1e9), statuses, p99, median);
  }

  /** The bytes of the namespace's tables on disk (under the store's data directory), every region flushed. */
  private static long tableBytes(HBaseStore store, TableNames names, Path dataDir) throws IOException {
    try (Admin admin = store.connection().getAdmin()) {
      for (TableName table : admin.listTableNamesByNamespace(names.namespace())) {
        admin.flush(table);
      }
    }
    return StorageStage.bytes(dataDir.resolve("hbase/data").resolve(names.namespace()));
  }

  /** What the daemon records with its default collections, gzipped as the recorder writes it. */
  private static long recordedByDefault(List<String> events, Path file) throws IOException {
    Files.createDirectories(file.getParent());
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file), 1 << 16)) {
      for (String line : events) {
        var event = JetstreamParser.parse(line);
        boolean kept = !(event instanceof org.observatory.schemas.bluesky.JetstreamEvent.Commit c)
            || c.collection().equals("app.bsky.feed.post") || c.collection().equals("app.bsky.feed.repost");
        if (kept) {
          out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        }
      }
    } catch (org.observatory.schemas.tweet.MalformedTweetException e) {
      throw new IllegalStateException("a generated event is malformed", e);
    }
    return Files.size(file);
  }

  private static List<String> lines(List<Path> files) throws IOException {
    List<String> lines = new ArrayList<>();
    for (Path file : files) {
      try (BufferedReader in = TweetFiles.lines(Files.newInputStream(file), file.getFileName().toString())) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          lines.add(line);
        }
      }
    }
    return lines;
  }

  private static double doubleArg(String[] args, String name, double absent) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals(name)) {
        return Double.parseDouble(args[i + 1]);
      }
    }
    return absent;
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
