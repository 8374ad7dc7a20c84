package org.observatory.api.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.TweetFiles;
import org.observatory.loader.historical.LoadMode;
import org.observatory.loader.stream.JetstreamSource;
import org.observatory.loader.stream.StreamLoader;
import org.observatory.loader.stream.StreamPart;
import org.observatory.loader.stream.StreamSettings;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.Platform;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.JetstreamEvents;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TableSnapshot;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/**
 * The daemon on a loopback Jetstream across a dropped connection, a server restart and a restart of
 * its own: every post and repost stored once, the same tables as the events loaded from a file, and
 * its recording loading into the same tables again.
 */
@UsesStore
class JetstreamStreamTest {
  private static final long REWIND_MICROS = 5_000_000;
  private final Connection connection = MiniHBase.connection();

  @Test
  void nothingIsLostOrDoubledAcrossDropsAndRestarts(@TempDir Path dir) throws Exception {
    List<String> window = SharedData.blueskyLines(SharedData.JETSTREAM_WINDOW).stream()
        .sorted(Comparator.comparingLong(l -> Json.tree(l).path("time_us").asLong())).toList();
    long after = Json.tree(window.get(window.size() - 1)).path("time_us").asLong();
    List<String> later = later(window, after + 1_000_000, 40);
    List<String> latest = later(window, after + 60_000_000, 20);
    TableNames streamed = new TableNames("jetstream_live").of(Platform.BLUESKY);

    try (LoopbackJetstream server = new LoopbackJetstream(window.subList(0, 100))) {
      Path spool = dir.resolve("spool");
      Path recorded = dir.resolve("recorded");
      Run first = start(server, streamed, spool, recorded);
      awaitStored(streamed, expectedRows(window.subList(0, 100)));

      server.add(window.subList(100, window.size()));
      server.dropConnections();
      awaitStored(streamed, expectedRows(window));

      server.stop();
      server.add(later);
      server.start();
      awaitStored(streamed, expectedRows(concat(window, later)));
      first.stop();

      server.add(latest);
      Run second = start(server, streamed, spool, recorded);
      awaitStored(streamed, expectedRows(concat(window, later, latest)));
      second.stop();

      assertThat(server.cursorsAsked.get(0)).as("live, the first time").isZero();
      assertThat(server.cursorsAsked.subList(1, server.cursorsAsked.size())).as("resumed, rewound")
          .allSatisfy(c -> assertThat(c).isPositive().isLessThanOrEqualTo(after + 60_000_000 - REWIND_MICROS));
    }
    List<String> all = concat(window, later, latest);
    TableNames fromFile = new TableNames("jetstream_file").of(Platform.BLUESKY);
    Path file = Files.write(dir.resolve("all.jsonl"), wanted(all), StandardCharsets.UTF_8);
    TestLoads.load(connection, fromFile, LoadMode.DIRECT, dir.resolve("load"), file);
    assertThat(cells(streamed)).as("the stream's tables against the same events loaded").isEqualTo(cells(fromFile));

    TableNames fromRecording = new TableNames("jetstream_recording").of(Platform.BLUESKY);
    Path[] hours = TweetFiles.expand(List.of(dir.resolve("recorded"))).toArray(Path[]::new);
    assertThat(hours).isNotEmpty();
    TestLoads.load(connection, fromRecording, LoadMode.BULK, dir.resolve("load-recording"), hours);
    assertThat(cells(fromRecording)).as("the recording loaded").isEqualTo(cells(fromFile));
  }

  /** Hand-written posts after the window, with reposts of the window's posts and a delete of one. */
  private static List<String> later(List<String> window, long from, int n) {
    List<String> events = new ArrayList<>();
    List<JsonNode> posts = window.stream().map(Json::tree)
        .filter(e -> e.path("commit").path("collection").asText().equals("app.bsky.feed.post")
            && e.path("commit").path("operation").asText().equals("create")).toList();
    for (int i = 0; i < n; i++) {
      String did = "did:plc:later" + (i % 7);
      long time = from + i * 100_000L;
      String rkey = JetstreamEvents.tid(time);
      if (i % 3 == 0) {
        JsonNode post = posts.get(i % posts.size());
        String uri = "at://" + post.path("did").asText() + "/app.bsky.feed.post/" + post.path("commit").path("rkey").asText();
        events.add(JetstreamEvents.create(did, time, "app.bsky.feed.repost", rkey, "{\"$type\":\"app.bsky.feed.repost\",\"createdAt\":"
            + "\"2026-07-04T15:00:00Z\",\"subject\":{\"cid\":\"bafy\",\"uri\":\"" + uri + "\"}}"));
      } else {
        events.add(JetstreamEvents.create(did, time, "app.bsky.feed.post", rkey, "{\"$type\":\"app.bsky.feed.post\",\"createdAt\":"
            + "\"2026-07-04T15:00:00Z\",\"text\":\"#later " + i + "\",\"facets\":[{\"index\":{\"byteStart\":0,"
            + "\"byteEnd\":6},\"features\":[{\"$type\":\"app.bsky.richtext.facet#tag\",\"tag\":\"later\"}]}]}"));
      }
    }
    String deleted = events.get(1);
    JsonNode d = Json.tree(deleted);
    events.add("{\"did\":\"" + d.path("did").asText() + "\",\"time_us\":" + (from + n * 100_000L) + ",\"kind\":\"commit\","
        + "\"commit\":{\"rev\":\"r\",\"operation\":\"delete\",\"collection\":\"app.bsky.feed.post\",\"rkey\":\""
        + d.path("commit").path("rkey").asText() + "\"}}");
    return events;
  }

  /** The posts and reposts the events leave stored: created, and not deleted after. */
  private static int expectedRows(List<String> events) {
    Set<String> stored = new LinkedHashSet<>();
    for (String line : events) {
      JsonNode e = Json.tree(line);
      String collection = e.path("commit").path("collection").asText();
      if (!collection.equals("app.bsky.feed.post") && !collection.equals("app.bsky.feed.repost")) {
        continue;
      }
      String key = e.path("did").asText() + "/" + collection + "/" + e.path("commit").path("rkey").asText();
      if (e.path("commit").path("operation").asText().equals("delete")) {
        stored.remove(key);
      } else {
        stored.add(key);
      }
    }
    return stored.size();
  }

  /** The events the daemon asks for: posts, reposts, identity and account events. */
  private static List<String> wanted(List<String> events) {
    return events.stream().filter(l -> {
      JsonNode e = Json.tree(l);
      String collection = e.path("commit").path("collection").asText();
      return !e.path("kind").asText().equals("commit") || collection.equals("app.bsky.feed.post")
          || collection.equals("app.bsky.feed.repost");
    }).toList();
  }

  @SafeVarargs
  private static List<String> concat(List<String>... lists) {
    return Stream.of(lists).flatMap(List::stream).toList();
  }

  private record Run(StreamLoader loader, CompletableFuture<?> done) {
    void stop() throws Exception {
      loader.stop();
      done.get(60, TimeUnit.SECONDS);
    }
  }

  private Run start(LoopbackJetstream server, TableNames names, Path spool, Path recorded) {
    StreamSettings settings = new StreamSettings(StreamPart.whole(), spool, 64L << 20, 200, spool.resolveSibling("rejected"),
        2L << 20, Durability.SYNC_WAL, 5, 30, 60, 10, recorded);
    StreamLoader loader = new StreamLoader(() -> {
      LoaderKit kit = new LoaderKit(ConnectionFactory.createConnection(connection.getConfiguration()), names,
          IndexSpec.defaults(), 1);
      return new StreamLoader.Connected(kit, kit.indexer());
    }, settings, new MetricRegistry());
    JetstreamSource source = new JetstreamSource(new JetstreamSource.Settings(List.of(server.uri()),
        List.of("app.bsky.feed.post", "app.bsky.feed.repost"), List.of(), spool.resolve("jetstream.cursor"),
        (int) (REWIND_MICROS / 1_000_000), Integer.MAX_VALUE, 1));
    return new Run(loader, CompletableFuture.runAsync(() -> {
      try {
        loader.run(source);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }));
  }

  private void awaitStored(TableNames names, int rows) throws Exception {
    await(rows + " posts and reposts stored", 120, () -> rows(names) == rows);
  }

  private int rows(TableNames names) {
    try (Table t = connection.getTable(names.tweets(Month.parse("2026-07")));
        ResultScanner scanner = t.getScanner(new Scan())) {
      int n = 0;
      for (Result ignored : scanner) {
        n++;
      }
      return n;
    } catch (IOException | java.io.UncheckedIOException e) {
      return -1; // not created yet
    }
  }

  private static void await(String what, int seconds, BooleanSupplier done) throws InterruptedException {
    long deadline = System.currentTimeMillis() + seconds * 1000L;
    while (!done.getAsBoolean()) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(200);
    }
  }

  private Map<String, String> cells(TableNames names) throws IOException {
    return TableSnapshot.holding(connection, names.namespace());
  }

}
