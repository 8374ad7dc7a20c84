package org.observatory.api.query.index;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.api.query.IndexKey;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.query.engine.Ask;
import org.observatory.api.query.engine.QueriedDay;
import org.observatory.api.query.engine.QueryEngine;
import org.observatory.api.query.engine.RawTop;
import org.observatory.api.query.fetch.TweetFetcher;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.indexer.Indexer;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.historical.LoadMode;
import org.observatory.loader.stream.ReplaySource;
import org.observatory.loader.stream.StreamLoader;
import org.observatory.loader.stream.StreamPart;
import org.observatory.loader.stream.StreamSettings;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/**
 * The hourly counts and tallies stay exact whatever writes into the hours they keep: a real day split
 * in two halves loaded by different loaders one after the other, deletes, a reload, a dropped month
 * (co-occurrence's tallies among them).
 * Each answer (top-memes' too) is checked against the raw lines loaded so far, after the same question was answered (and
 * its counts and tallies kept) before the write.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class KeptHoursFollowWritesTest {
  private static final String DAY = "2013-08-10";
  private final Connection connection = MiniHBase.connection();
  private final TableNames names = new TableNames("hourly_counts");
  private final ExecutorService pool = Executors.newFixedThreadPool(4);
  private final List<String> firstHalf = new ArrayList<>();
  private final List<String> secondHalf = new ArrayList<>();
  private MemeCountsByHour hourly;
  private TalliesByHour tallies;
  private Ask ask;
  private List<String> memes;

  @BeforeAll
  void splitTheDay() {
    List<String> lines = SharedData.lines(SharedData.DAY_2013).toList();
    for (int i = 0; i < lines.size(); i++) {
      (i % 2 == 0 ? firstHalf : secondHalf).add(lines.get(i));
    }
    RawMemes all = RawMemes.of(SharedData.DAY_2013);
    memes = new ArrayList<>(all.mostFrequent("#", 3));
    memes.addAll(all.mostFrequent("@", 1));
    IndexScanner scanner = new IndexScanner(connection, names, IndexSpec.defaults(), pool, 30_000, 5_000_000);
    hourly = new MemeCountsByHour(scanner);
    tallies = new TalliesByHour(scanner);
    ask = new Ask(new QueryEngine(IndexSpec.defaults(), new QuerySettings(), scanner,
        new TweetFetcher(connection, names, pool, 30_000), null, (query, asked, tweets, progress) -> Map.of()));
  }

  @AfterAll
  void stop() {
    pool.shutdownNow();
  }

  @Test
  void countsFollowEveryWriteIntoTheHoursTheyCount(@TempDir Path dir) throws Exception {
    List<String> loaded = new ArrayList<>(firstHalf);
    stream(dir.resolve("a"), gz(dir, "a", firstHalf));
    assertCounted(dir, loaded, "first half, streamed");
    assertThat(count().hoursFromCells()).as("asked again, every hour is a kept count").isZero();
    assertThat(tallied(ContentQuery.MENTION_EDGES).toScan).as("and every hour a kept tally").isEmpty();
    assertThat(tallied(ContentQuery.MEME_COOCCURRENCE_COUNT).toScan).as("co-occurrence's too").isEmpty();

    loaded.addAll(secondHalf);
    TestLoads.load(connection, names, LoadMode.DIRECT, dir.resolve("b"), gz(dir, "b", secondHalf));
    assertCounted(dir, loaded, "second half, loaded directly");

    List<String> notices = deleteNotices(gz(dir, "all", loaded), 40);
    loaded.addAll(notices);
    stream(dir.resolve("c"), gz(dir, "c", notices));
    assertCounted(dir, loaded, "40 tweets deleted, by the stream");

    TestLoads.load(connection, names, LoadMode.BULK, dir.resolve("d"), gz(dir, "d", firstHalf));
    assertCounted(dir, loaded, "the first half bulk-loaded again");
    assertThat(count().hoursFromCells()).isZero();
    assertThat(tallied(ContentQuery.USER_POST_COUNT).toScan).isEmpty();

    MonthTables months = new MonthTables(connection, names, IndexSpec.defaults(), 1);
    for (Month month : months.list().keySet()) {
      months.drop(month);
    }
    assertCounted(dir, notices, "every month dropped");
    List<String> reloaded = new ArrayList<>(secondHalf);
    reloaded.addAll(notices); // the tombstones outlive the months
    TestLoads.load(connection, names, LoadMode.BULK, dir.resolve("e"), gz(dir, "e", secondHalf));
    assertCounted(dir, reloaded, "the second half bulk-loaded into the dropped months");
  }

  @Test
  void aWindowCuttingHoursCountsTheirPartsFromTheCells(@TempDir Path dir) throws Exception {
    TableNames other = new TableNames("hourly_counts_cut");
    TestLoads.load(connection, other, LoadMode.DIRECT, dir.resolve("a"), SharedData.file(SharedData.DAY_2013));
    Ask cut = Ask.indexOnly(new IndexScanner(connection, other, IndexSpec.defaults(), pool, 30_000, 5_000_000));
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    long from = QueriedDay.millis(DAY) + 5 * 3_600_000L + 1_234_000L;
    long to = QueriedDay.millis(DAY) + 17 * 3_600_000L + 2_345_000L;
    String start = java.time.Instant.ofEpochMilli(from).toString();
    String end = java.time.Instant.ofEpochMilli(to).toString();

    cut.memePostCount(String.join(",", memes), DAY, DAY); // keeps the whole hours
    QueryResult result = cut.memePostCount(String.join(",", memes), start, end);

    for (String meme : memes) {
      assertThat(result.counts().get(meme)).as(meme).isEqualTo(raw.count(meme, from, to + 1)).isPositive();
    }
  }

  /** meme-post-count and timestamp-count by hour over the day, against the raw lines loaded. */
  private void assertCounted(Path dir, List<String> lines, String after) throws IOException {
    RawMemes raw = RawMemes.of(gz(dir, "raw-" + lines.size(), lines));
    long start = QueriedDay.millis(DAY);
    for (int asked = 0; asked < 2; asked++) {
      QueryResult posts = ask.memePostCount(String.join(",", memes), DAY, DAY);
      for (String meme : memes) {
        assertThat(posts.counts().get(meme)).as("%s: %s", after, meme).isEqualTo(raw.count(meme, start, start + 86_400_000L));
      }
      QueryResult perHour = ask.timestampCount(String.join(",", memes), DAY, DAY, "hour");
      Map<String, Long> expected = new LinkedHashMap<>();
      for (int h = 0; h < 24; h++) {
        long from = start + h * 3_600_000L;
        expected.put(java.time.Instant.ofEpochMilli(from).toString(), raw.tweets().stream()
            .filter(t -> t.createdAt() >= from && t.createdAt() < from + 3_600_000L)
            .filter(t -> memes.stream().anyMatch(t.memes()::contains)).count());
      }
      assertThat(perHour.counts()).as("%s: per hour", after).isEqualTo(expected);
      assertTallied(raw, after);
      for (String kind : List.of("hashtags", "users")) {
        QueryResult top = ask.topMemes("kind", kind, "start", DAY, "end", DAY, "limit", "20");
        assertThat(RawTop.rows(top, java.time.Instant.ofEpochMilli(start).toString())).as("%s: top %s", after, kind)
            .containsExactlyEntriesOf(RawTop.top(raw.tweets(), kind, start, start + 86_400_000L, 20));
      }
    }
  }

  /** user-post-count, retweet-edges and mention-edges over the day, against the raw lines loaded. */
  private void assertTallied(RawMemes raw, String after) throws IOException {
    long start = QueriedDay.millis(DAY);
    Map<Long, List<Object>> users = new HashMap<>();
    Map<List<Long>, Long> retweets = new HashMap<>();
    Map<List<Long>, Long> mentions = new HashMap<>();
    raw.tweets().stream()
        .filter(t -> t.createdAt() >= start && t.createdAt() < start + 86_400_000L)
        .filter(t -> memes.stream().anyMatch(t.memes()::contains))
        .sorted(Comparator.comparingLong(RawMemes.RawTweet::createdAt))
        .forEach(t -> {
          long before = users.containsKey(t.userId()) ? (Long) users.get(t.userId()).get(0) : 0;
          users.put(t.userId(), List.of(before + 1, t.screenName())); // the latest screen name labels
          if (t.retweetOfUserId() != 0) {
            retweets.merge(List.of(t.userId(), t.retweetOfUserId()), 1L, Long::sum);
          }
          t.mentionIds().forEach(m -> mentions.merge(List.of(t.userId(), m), 1L, Long::sum));
        });
    String asked = String.join(",", memes);
    Map<Long, List<Object>> counted = new HashMap<>();
    for (Map<String, Object> row : ask.userPostCount(asked, DAY, DAY).rows()) {
      counted.put(((Number) row.get("userId")).longValue(), List.of(row.get("count"), row.get("screenName")));
    }
    assertThat(counted).as("%s: user-post-count", after).isEqualTo(users);
    assertThat(users.isEmpty()).as("%s: the memes are in the tweets loaded", after).isEqualTo(raw.tweets().isEmpty());
    assertThat(Ask.edges(ask.retweetEdges(asked, DAY, DAY))).as("%s: retweet-edges", after).isEqualTo(retweets);
    assertThat(Ask.edges(ask.mentionEdges(asked, DAY, DAY))).as("%s: mention-edges", after).isEqualTo(mentions);
    Map<String, Long> cooccurring = new HashMap<>();
    raw.tweets().stream()
        .filter(t -> t.createdAt() >= start && t.createdAt() < start + 86_400_000L)
        .filter(t -> memes.stream().anyMatch(t.memes()::contains))
        .forEach(t -> t.memes().stream().filter(m -> !memes.contains(m)).forEach(m -> cooccurring.merge(m, 1L, Long::sum)));
    assertThat(ask.memeCooccurrenceCount(asked, DAY, DAY).counts()).as("%s: meme-cooccurrence-count", after)
        .isEqualTo(cooccurring);
  }

  private TalliesByHour.Read tallied(ContentQuery query) throws IOException {
    MemeKeys keys = MemeKeys.of(IndexSpec.defaults());
    return tallies.read(query, memes.stream().map(keys::parse).toList(), TimeWindow.parse(DAY, DAY, 1),
        query.fields(keys));
  }

  private MemeCountsByHour.Counted count() throws IOException {
    return hourly.count(MemeKeys.INDEX, memes.stream().map(m -> new IndexKey(m, false)).toList(),
        TimeWindow.parse(DAY, DAY, 1));
  }

  /** Delete notices for the first {@code n} tweets of the day (not originals) holding the first meme. */
  private List<String> deleteNotices(Path file, int n) throws IOException {
    List<String> notices = new ArrayList<>();
    long start = QueriedDay.millis(DAY);
    for (RawMemes.RawTweet t : RawMemes.of(file).tweets()) {
      if (notices.size() < n && t.memes().contains(memes.get(0)) && t.createdAt() >= start) {
        notices.add("{\"delete\":{\"status\":{\"id\":" + t.id() + ",\"id_str\":\"" + t.id() + "\",\"user_id\":"
            + t.userId() + ",\"user_id_str\":\"" + t.userId() + "\"}}}");
      }
    }
    assertThat(notices).hasSize(n);
    return notices;
  }

  private void stream(Path dir, Path file) throws Exception {
    IndexSpec spec = IndexSpec.defaults();
    StreamSettings settings = new StreamSettings(StreamPart.whole(), dir.resolve("spool"), 64L << 20, 200,
        dir.resolve("rejected"), 2L << 20, Durability.SYNC_WAL, 5, 30, 3, 10, null);
    new StreamLoader(() -> new StreamLoader.Connected(new LoaderKit(
        ConnectionFactory.createConnection(connection.getConfiguration()), names, spec, 1), new Indexer(spec, names)),
        settings, new MetricRegistry()).run(new ReplaySource(List.of(file), 0));
  }

  private static Path gz(Path dir, String name, List<String> lines) throws IOException {
    Path file = dir.resolve(name + ".json.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file));
         PrintWriter writer = new PrintWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8))) {
      lines.forEach(writer::println);
    }
    return file;
  }
}
