package org.observatory.loader.bluesky;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.indexer.Indexer;
import org.observatory.loader.LoadCounter;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.historical.LoadMode;
import org.observatory.loader.stream.ReplaySource;
import org.observatory.loader.stream.StreamLoader;
import org.observatory.loader.stream.StreamPart;
import org.observatory.loader.stream.StreamSettings;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IdTable;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.Platform;
import org.observatory.schemas.tables.RowKeys;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.TweetTable;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TableSnapshot;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/**
 * Real and hand-written Jetstream events through the loaders into Bluesky's tables, checked against
 * what the raw events say, read here with Jackson's tree.
 */
@UsesStore
class BlueskyLoadTest {
  private static final Month JULY = Month.parse("2026-07");
  private final Connection connection = MiniHBase.connection();

  @Test
  void aRecordedHourLoadedDirectOrBulkOrStreamedMakesTheSameTables(@TempDir Path dir) throws Exception {
    Path hour = SharedData.blueskyFile(SharedData.JETSTREAM_WINDOW);
    TableNames direct = names("bsky_direct");
    TableNames bulk = names("bsky_bulk");
    TableNames streamed = names("bsky_streamed");

    LoadSummary loaded = TestLoads.load(connection, direct, LoadMode.DIRECT, dir.resolve("direct"), hour);
    TestLoads.load(connection, bulk, LoadMode.BULK, dir.resolve("bulk"), hour);
    StreamLoader loader = streamLoader(streamed, dir.resolve("stream"));
    loader.run(new ReplaySource(List.of(hour), 0));

    assertThat(cells(bulk)).isEqualTo(cells(direct));
    assertThat(cells(streamed)).isEqualTo(cells(direct));
    List<JsonNode> events = SharedData.blueskyLines(SharedData.JETSTREAM_WINDOW).stream().map(Json::tree).toList();
    long posts = events.stream().filter(e -> created(e, "app.bsky.feed.post")).count();
    long reposts = events.stream().filter(e -> created(e, "app.bsky.feed.repost")).count();
    assertThat(loaded.counters().sum(LoadCounter.STATUSES)).isEqualTo(posts + reposts);
    assertThat(loaded.counters().sum(LoadCounter.RETWEETS)).isEqualTo(reposts);
    assertThat(loaded.counters().sum(LoadCounter.MALFORMED)).isZero();
    assertThat(rows(direct.tweets(JULY))).hasSize((int) (posts + reposts));
  }

  @Test
  void postsCountUnderTheirFacetsAndRepostsUnderTheirOriginals(@TempDir Path dir) throws Exception {
    TableNames names = names("bsky_memes");
    String alice = "did:plc:alice";
    String bob = "did:plc:bob";
    long t = 1_783_175_888_000_000L;
    Path hour = write(dir, "hour.jsonl",
        Events.identity(alice, t, "alice.example.com"),
        Events.hashtagPost(alice, "3mptbypfywk2v", t + 1_000, "Rebellion"),
        Events.repost(bob, "3mptbypfywk2w", t + 2_000, Events.uri(alice, "3mptbypfywk2v")),
        Events.repost(bob, "3mptbypfywk2x", t + 3_000, Events.uri("did:plc:carol", "3mpt73z3ejc2p")));

    TestLoads.load(connection, names, LoadMode.DIRECT, dir, hour);

    long postId = id(names, Events.uri(alice, "3mptbypfywk2v"));
    long unseen = id(names, Events.uri("did:plc:carol", "3mpt73z3ejc2p"));
    assertThat(rows(names.index("meme", JULY))).containsKey("#rebellion");
    assertThat(rows(names.index("meme", JULY)).get("#rebellion")).as("the post and its repost").isEqualTo(2);
    assertThat(rows(names.index("retweet", JULY))).containsKeys(Long.toString(postId), Long.toString(unseen));
    JsonNode post = status(names, postId);
    assertThat(post.path("user").path("screen_name").asText()).isEqualTo("alice.example.com");
    assertThat(post.path("bluesky").path("url").asText()).isEqualTo("https://bsky.app/profile/did:plc:alice/post/3mptbypfywk2v");
    assertThat(post.path("id").asLong()).isEqualTo(postId);
    assertThat(id(names, alice)).isGreaterThanOrEqualTo(IdTable.FIRST_USER_ID);
  }

  @Test
  void deletesAndErasedAccountsKeepTheirPostsOutEvenWhenReplayed(@TempDir Path dir) throws Exception {
    TableNames names = names("bsky_deletes");
    long t = 1_783_175_888_000_000L;
    String alice = "did:plc:alice";
    String bob = "did:plc:bob";
    String[] before = {
        Events.post(alice, "3mptbypfywk2a", t, "kept"),
        Events.post(alice, "3mptbypfywk2b", t + 1_000, "deleted"),
        Events.post(bob, "3mptbypfywk2c", t + 2_000, "bob's first"),
        Events.post(bob, "3mptbypfywk2d", t + 3_000, "bob's second"),
    };
    TestLoads.load(connection, names, LoadMode.DIRECT, dir.resolve("1"), write(dir, "before.jsonl", before));
    assertThat(rows(names.tweets(JULY))).hasSize(4);

    String carol = "did:plc:carol";
    TestLoads.load(connection, names, LoadMode.DIRECT, dir.resolve("2"), write(dir, "gone.jsonl",
        Events.delete(alice, "app.bsky.feed.post", "3mptbypfywk2b", t + 10_000),
        Events.accountGone(bob, t + 11_000, "takendown"),
        Events.post(carol, "3mptbypfywk2f", t + 12_000, "carol's, gone with her account in the same batch"),
        Events.accountGone(carol, t + 13_000, "deleted")));
    List<String> replay = new ArrayList<>(List.of(before));
    replay.add(Events.post(bob, "3mptbypfywk2e", t + 20_000, "back after the takedown"));
    TestLoads.load(connection, names, LoadMode.DIRECT, dir.resolve("3"), write(dir, "replay.jsonl",
        replay.toArray(String[]::new)));

    assertThat(rows(names.tweets(JULY))).hasSize(2);
    assertThat(status(names, id(names, Events.uri(alice, "3mptbypfywk2a"))).path("text").asText()).isEqualTo("kept");
    assertThat(status(names, id(names, Events.uri(bob, "3mptbypfywk2e"))).path("text").asText())
        .isEqualTo("back after the takedown");
  }

  @Test
  void badEventsAreCountedAndSetAsideWithTheirReason(@TempDir Path dir) throws Exception {
    TableNames names = names("bsky_bad");
    long t = 1_783_175_888_000_000L;
    String good = Events.post("did:plc:alice", "3mptbypfywk2a", t, "fine");
    Path hour = write(dir, "bad.jsonl",
        "{not json",
        "{\"did\":\"did:plc:alice\",\"time_us\":1,\"kind\":\"sync\"}",
        good.replace("\"text\":\"fine\"", "\"txt\":\"fine\""),
        Events.hashtagPost("did:plc:alice", "3mptbypfywk2b", t, "toolongforitsfacet").replace("\"byteEnd\":19", "\"byteEnd\":99"),
        Events.repost("did:plc:bob", "3mptbypfywk2c", t, "at://not-a-did/app.bsky.feed.post/x"),
        good);

    LoadSummary summary = TestLoads.load(connection, names, LoadMode.DIRECT, dir, hour);

    assertThat(summary.counters().sum(LoadCounter.MALFORMED)).isEqualTo(5);
    assertThat(summary.counters().sum(LoadCounter.STATUSES)).isEqualTo(1);
    List<String> rejected = Files.readAllLines(dir.resolve("bad.jsonl.rejected.ndjson"));
    assertThat(rejected).hasSize(5);
    assertThat(String.join("\n", rejected)).contains("invalid JSON", "unknown event kind", "post without text",
        "outside the text", "not a DID");
  }

  private static TableNames names(String base) {
    return new TableNames(base).of(Platform.BLUESKY);
  }

  private StreamLoader streamLoader(TableNames names, Path dir) {
    IndexSpec spec = IndexSpec.defaults();
    StreamSettings settings = new StreamSettings(StreamPart.whole(), dir.resolve("spool"), 64L << 20, 200,
        dir.resolve("rejected"), 2L << 20, Durability.SYNC_WAL, 5, 30, 3, 10, null);
    return new StreamLoader(() -> {
      LoaderKit kit = new LoaderKit(ConnectionFactory.createConnection(connection.getConfiguration()), names, spec, 1);
      return new StreamLoader.Connected(kit, kit.indexer());
    }, settings, new MetricRegistry());
  }

  private static boolean created(JsonNode event, String collection) {
    return event.path("kind").asText().equals("commit") && event.path("commit").path("operation").asText().equals("create")
        && event.path("commit").path("collection").asText().equals(collection);
  }

  private Map<String, String> cells(TableNames names) throws IOException {
    return TableSnapshot.holding(connection, names.namespace());
  }


  /** Row key (an index key, or a tweet id in decimal) → cells. */
  private Map<String, Integer> rows(TableName table) throws IOException {
    Map<String, Integer> rows = new TreeMap<>();
    try (Table t = connection.getTable(table); ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result row : scanner) {
        String key = row.getRow().length == 8 ? Long.toString(RowKeys.id(row.getRow())) : Bytes.toString(row.getRow());
        rows.put(key, row.rawCells().length);
      }
    }
    return rows;
  }

  private long id(TableNames names, String name) throws IOException {
    try (Table t = connection.getTable(names.ids())) {
      return RowKeys.id(t.get(new Get(IdTable.nameRow(name))).getValue(IdTable.IDS, IdTable.ID));
    }
  }

  private JsonNode status(TableNames names, long id) throws IOException {
    try (Table t = connection.getTable(names.tweets(JULY))) {
      return Json.tree(TweetTable.statusJson(t.get(TweetTable.getStatus(id))));
    }
  }

  private static Path write(Path dir, String name, String... lines) throws IOException {
    Files.createDirectories(dir);
    return Files.write(dir.resolve(name), List.of(lines), StandardCharsets.UTF_8);
  }
}
