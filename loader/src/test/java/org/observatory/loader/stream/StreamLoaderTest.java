package org.observatory.loader.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.indexer.Indexer;
import org.observatory.loader.LoadCounter;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.LoadCounters;
import org.observatory.loader.LoadSummary;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TableSnapshot;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/**
 * The streaming loader against a reference: the same days loaded by the historical loader. Equal cell
 * counts in every table mean every tweet and index entry is there exactly once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@UsesStore
class StreamLoaderTest {
  private static final List<String> DAYS = List.of(SharedData.DAY_2013, SharedData.DAY_2016);
  private final Connection connection = MiniHBase.connection();
  private Map<String, Long> reference;
  private long statuses;

  @BeforeAll
  void loadTheReference(@TempDir Path dir) throws Exception {
    TableNames names = new TableNames("stream_reference");
    TestLoads.load(connection, names, dir, files());
    reference = cellCounts(names);
    for (String day : DAYS) {
      try (Stream<String> lines = SharedData.lines(day)) {
        statuses += lines.map(Json::tree).filter(Json::isStatus).count();
      }
    }
  }

  @Test
  void aReplayStoresEveryTweetOnce(@TempDir Path dir) throws Exception {
    TableNames names = new TableNames("stream_replay");
    LoadSummary summary = loader(connection, names, StreamPart.whole(), dir).run(new ReplaySource(List.of(files()), 0));
    LoadCounters counts = summary.counters();

    assertThat(counts.sum(LoadCounter.STATUSES)).isEqualTo(statuses);
    long bytes = 0;
    for (String day : DAYS) {
      try (Stream<String> lines = SharedData.lines(day)) {
        bytes += lines.mapToLong(line -> line.getBytes(StandardCharsets.UTF_8).length + 1).sum();
      }
    }
    assertThat(summary.inputBytes()).as("the lines received, each with its newline").isEqualTo(bytes);
    assertThat(summary.toString()).startsWith(String.format("%.1f MB in ", bytes / 1e6));
    assertSameCellsAsTheReference(names);
    try (Admin admin = connection.getAdmin()) {
      assertThat(admin.tableExists(names.tweets(Month.parse("2016-02"))))
          .as("the month after the newest tweet's is ready before its first tweet").isTrue();
    }
  }

  @Test
  void threeLoadersSplittingTheStreamCoverEveryTweetOnce(@TempDir Path dir) throws Exception {
    TableNames names = new TableNames("stream_parts");
    ExecutorService pool = Executors.newFixedThreadPool(3);
    List<Future<LoadCounters>> parts = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      StreamLoader loader = loader(connection, names, new StreamPart(i, 3), dir.resolve("loader-" + i));
      parts.add(pool.submit(() -> loader.run(new ReplaySource(List.of(files()), 0)).counters()));
    }
    long stored = 0;
    for (Future<LoadCounters> part : parts) {
      stored += part.get(5, TimeUnit.MINUTES).sum(LoadCounter.STATUSES);
    }
    pool.shutdown();

    assertThat(stored).as("each status loaded by exactly one loader").isEqualTo(statuses);
    assertSameCellsAsTheReference(names);
  }

  @Test
  @Order(1) // a region server started again reopens every region: before the other tests add theirs
  void tweetsArrivingWhileHBaseIsDownAreKeptAndStoredWhenItReturns(@TempDir Path dir) throws Exception {
    TableNames names = new TableNames("stream_outage");
    Configuration conf = new Configuration(MiniHBase.configuration());
    conf.setInt("hbase.client.retries.number", 3);
    conf.setInt("hbase.client.pause", 200);
    conf.setInt("hbase.client.operation.timeout", 30_000);
    conf.setInt("hbase.rpc.timeout", 10_000);
    MiniHBaseCluster cluster = MiniHBase.get().getMiniHBaseCluster();
    try (Connection impatient = ConnectionFactory.createConnection(conf)) {
      new MonthTables(impatient, names, IndexSpec.defaults(), 1).ensureNamespace();
      StreamLoader loader = loader(impatient, names, StreamPart.whole(), dir);
      ExecutorService pool = Executors.newSingleThreadExecutor();
      Future<LoadCounters> run = pool.submit(() -> loader.run(new ReplaySource(List.of(files()), 4_000)).counters());
      try {
        Thread.sleep(1_500);
        cluster.stopRegionServer(0);
        cluster.waitOnRegionServer(0);
        long deadline = System.currentTimeMillis() + 90_000;
        while (loader.problem().isEmpty() && System.currentTimeMillis() < deadline) {
          Thread.sleep(200);
        }
        assertThat(loader.problem()).as("the outage shows in the health check").isPresent();
        cluster.startRegionServer();
        MiniHBase.get().waitUntilNoRegionsInTransition(120_000);
        LoadCounters counts = run.get(5, TimeUnit.MINUTES);

        assertThat(counts.sum(LoadCounter.STATUSES)).isEqualTo(statuses);
        assertThat(loader.problem()).isEmpty();
      } finally {
        loader.stop();
        pool.shutdownNow();
      }
    }
    assertSameCellsAsTheReference(names);
  }

  @Test
  void twitter4jReadsAServerSpeakingTheStreamFormat(@TempDir Path dir) throws Exception {
    TableNames names = new TableNames("stream_twitter4j");
    List<String> lines = new ArrayList<>();
    for (String day : DAYS) {
      try (Stream<String> all = SharedData.lines(day)) {
        all.forEach(lines::add);
      }
    }
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/1.1/statuses/sample.json", exchange -> {
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, 0); // chunked, like the real stream
      try (OutputStream out = exchange.getResponseBody()) {
        for (String line : lines) {
          out.write((line + "\r\n").getBytes(StandardCharsets.UTF_8));
        }
        out.flush();
        Thread.sleep(60_000); // a stream stays open; the test ends it
      } catch (InterruptedException | IOException e) {
        // the client went away
      }
    });
    server.setExecutor(Executors.newCachedThreadPool());
    server.start();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/1.1/";
      TwitterSource source = new TwitterSource(new TwitterSource.Credentials("key", "secret", "token", "tokenSecret"), base);
      StreamLoader loader = loader(connection, names, StreamPart.whole(), dir);
      ExecutorService pool = Executors.newSingleThreadExecutor();
      Future<LoadCounters> run = pool.submit(() -> loader.run(source).counters());
      long deadline = System.currentTimeMillis() + 180_000;
      while (loader.counters().sum(LoadCounter.STATUSES) < statuses && System.currentTimeMillis() < deadline) {
        Thread.sleep(200);
      }
      loader.stop();
      run.get(1, TimeUnit.MINUTES);
      pool.shutdown();
    } finally {
      server.stop(0);
    }
    assertSameCellsAsTheReference(names);
  }

  /** A loader that connects as the connection does, each time anew. */
  private static StreamLoader loader(Connection connection, TableNames names, StreamPart part, Path dir) {
    IndexSpec spec = IndexSpec.defaults();
    StreamSettings settings = new StreamSettings(part, dir.resolve("spool"), 64L << 20, 200, dir.resolve("rejected"),
        2L << 20, Durability.SYNC_WAL, 5, 30, 3, 10, null);
    Configuration conf = connection.getConfiguration();
    return new StreamLoader(() -> new StreamLoader.Connected(
        new LoaderKit(ConnectionFactory.createConnection(conf), names, spec, 1), new Indexer(spec, names)),
        settings, new MetricRegistry());
  }

  private static Path[] files() {
    return DAYS.stream().map(SharedData::file).toArray(Path[]::new);
  }

  /** Names only the tables whose counts differ: the whole maps are too long for a build log to show. */
  private void assertSameCellsAsTheReference(TableNames names) throws IOException {
    Map<String, Long> actual = cellCounts(names);
    Map<String, String> differences = new TreeMap<>();
    Stream.concat(reference.keySet().stream(), actual.keySet().stream()).distinct()
        .filter(table -> !Objects.equals(reference.get(table), actual.get(table)))
        .forEach(table -> differences.put(table, "expected " + reference.get(table) + ", was " + actual.get(table)));
    assertThat(differences).as("cells per table against the historical load's").isEmpty();
  }

  /** Cells per table holding any (a stream also creates the month after its newest tweet's, empty). */
  private Map<String, Long> cellCounts(TableNames names) throws IOException {
    Map<String, Long> counts = new TreeMap<>();
    TableSnapshot.of(connection, names.namespace()).forEach((table, digest) -> counts.put(
        table.substring(table.indexOf(':') + 1), Long.parseLong(digest.substring(6, digest.indexOf(' ')))));
    counts.values().removeIf(cells -> cells == 0);
    return counts;
  }
}
