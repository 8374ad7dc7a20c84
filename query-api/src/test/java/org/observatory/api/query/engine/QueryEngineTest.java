package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.observatory.api.hbase.HBaseFactory;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Progress;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.RawMemes;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.UsesStore;

/**
 * The queries on the mini cluster over a real day of tweets, against answers computed from the raw file:
 * index-only ones, and those that fetch the tweets in phase 2.
 * The service side connects the way it does to any cluster: through a configured ZooKeeper quorum.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class QueryEngineTest {
  private QueriedDay loaded;
  private RawMemes raw;
  private HBaseStore cluster;
  private ExecutorService pool;
  private TableNames names;
  private Ask queries;
  private Ask content;

  @BeforeAll
  void loadADay() throws Exception {
    loaded = new QueriedDay("query_day");
    raw = loaded.raw;
    cluster = loaded.cluster;
    pool = loaded.pool;
    names = loaded.names;
    queries = loaded.ask;
    content = loaded.ask;
  }

  @AfterAll
  void stop() throws Exception {
    loaded.close();
  }

  @Test
  void memePostCountMatchesTheRawFileForTheDay() throws Exception {
    List<String> memes = loaded.memes();

    QueryResult result = queries.memePostCount(String.join(",", memes), "2013-08-10", "2013-08-10");

    long start = QueriedDay.millis("2013-08-10");
    long end = QueriedDay.millis("2013-08-11");
    for (String meme : memes) {
      assertThat(result.counts().get(meme)).as(meme).isEqualTo(raw.count(meme, start, end));
    }
    assertThat(result.counts().get(memes.get(0))).isPositive();
    assertThat(result.meta().evaluation()).isEqualTo("index-only");
  }

  @Test
  void aWindowSpanningMonthsCountsTheOriginalsOfEachMonth() throws Exception {
    List<String> memes = loaded.memes();

    QueryResult result = queries.memePostCount(String.join(",", memes), "2013-06-01", "2013-08-31T23:59:59Z");

    long start = QueriedDay.millis("2013-06-01");
    long end = QueriedDay.millis("2013-09-01");
    for (String meme : memes) {
      assertThat(result.counts().get(meme)).as(meme).isEqualTo(raw.count(meme, start, end));
    }
    assertThat(result.meta().months()).containsExactly("2013-06", "2013-07", "2013-08");
    long julyOnly = memes.stream().mapToLong(m -> raw.count(m, QueriedDay.millis("2013-07-01"), QueriedDay.millis("2013-08-01"))).sum();
    assertThat(julyOnly).as("the window really reaches originals of an earlier month").isPositive();
  }

  @Test
  void monthsWithoutTablesCountNothingAndFailNothing() throws Exception {
    List<String> memes = loaded.memes();

    QueryResult empty = queries.memePostCount(String.join(",", memes), "2001-01-01", "2001-03-31");
    QueryResult longWindow = queries.memePostCount(String.join(",", memes), "2011-01-01", "2013-08-31");

    assertThat(empty.counts().values()).containsOnly(0L);
    for (String meme : memes) {
      assertThat(longWindow.counts().get(meme)).as(meme).isEqualTo(raw.count(meme, QueriedDay.millis("2011-01-01"), QueriedDay.millis("2013-09-01")));
    }
  }

  @Test
  void aWindowOfMinutesUsesTheTweetTimes() throws Exception {
    String meme = loaded.memes().get(0);
    long from = raw.tweets().stream().filter(t -> t.memes().contains(meme)).mapToLong(RawMemes.RawTweet::createdAt)
        .filter(t -> t >= QueriedDay.millis("2013-08-10")).min().orElseThrow();
    long to = from + 120_000;

    QueryResult result = queries.memePostCount(meme, Instant.ofEpochMilli(from).toString(),
        Instant.ofEpochMilli(to).toString());

    assertThat(result.counts().get(meme)).isEqualTo(raw.count(meme, from, to + 1)).isPositive();
  }

  @Test
  void timestampCountCountsEachTweetOncePerDay() throws Exception {
    List<String> memes = loaded.memes();

    QueryResult result = queries.timestampCount(String.join(",", memes), "2013-07-28", "2013-08-11", null);

    assertThat(result.counts()).hasSize(15);
    for (LocalDate day = LocalDate.parse("2013-07-28"); !day.isAfter(LocalDate.parse("2013-08-11")); day = day.plusDays(1)) {
      long dayStart = day.atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
      long expected = raw.tweets().stream()
          .filter(t -> t.createdAt() >= dayStart && t.createdAt() < dayStart + 86_400_000L)
          .filter(t -> memes.stream().anyMatch(t.memes()::contains)).count();
      assertThat(result.counts().get(day.toString())).as(day.toString()).isEqualTo(expected);
    }
  }

  @Test
  void aPrefixPatternCountsEachTweetWithAnyMatchingMemeOnce() throws Exception {
    String prefix = raw.mostFrequent("#", 1).get(0).substring(0, 4);
    long start = QueriedDay.millis("2013-06-01");
    long end = QueriedDay.millis("2013-09-01");
    long expected = raw.tweets().stream()
        .filter(t -> t.createdAt() >= start && t.createdAt() < end)
        .filter(t -> t.memes().stream().anyMatch(m -> m.startsWith(prefix))).count();

    QueryResult result = queries.memePostCount(prefix + "*", "2013-06-01", "2013-08-31");

    assertThat(result.counts().get(prefix + "*")).isEqualTo(expected);
    assertThat(raw.tweets().stream().flatMap(t -> t.memes().stream()).filter(m -> m.startsWith(prefix)).distinct().count())
        .as("the pattern really spans several memes").isGreaterThan(1);
  }

  @Test
  void timestampCountByHourCountsEachTweetOncePerHour() throws Exception {
    List<String> memes = loaded.memes();

    QueryResult result = queries.timestampCount(String.join(",", memes), "2013-08-10", "2013-08-10", "hour");

    assertThat(result.counts()).hasSize(24);
    long dayStart = QueriedDay.millis("2013-08-10");
    for (int hour = 0; hour < 24; hour++) {
      long from = dayStart + hour * 3_600_000L;
      long expected = raw.tweets().stream().filter(t -> t.createdAt() >= from && t.createdAt() < from + 3_600_000L)
          .filter(t -> memes.stream().anyMatch(t.memes()::contains)).count();
      assertThat(result.counts().get(Instant.ofEpochMilli(from).toString())).as("hour %d", hour).isEqualTo(expected);
    }
    assertThat(result.counts().values().stream().mapToLong(Long::longValue).sum()).isPositive();
  }

  @Test
  void userPostCountCountsEachUsersMatchingTweetsWithTheirLatestScreenName() throws Exception {
    List<RawMemes.RawTweet> matching = loaded.matching(loaded.memes());

    QueryResult result = content.userPostCount(String.join(",", loaded.memes()), "2013-08-10", "2013-08-10");

    Map<Long, Long> expected = matching.stream().collect(Collectors.groupingBy(RawMemes.RawTweet::userId, Collectors.counting()));
    assertThat(result.rows()).hasSize(expected.size());
    for (Map<String, Object> row : result.rows()) {
      long user = ((Number) row.get("userId")).longValue();
      assertThat(row.get("count")).as("user %d", user).isEqualTo(expected.get(user));
      String latest = matching.stream().filter(t -> t.userId() == user)
          .max(Comparator.comparingLong(RawMemes.RawTweet::createdAt)).orElseThrow().screenName();
      assertThat(row.get("screenName")).isEqualTo(latest);
    }
    assertThat(result.rows()).extracting(r -> (Long) r.get("count")).isSortedAccordingTo(Comparator.reverseOrder());
    assertThat(result.meta().evaluation()).as("the default meme index carries the posters' ids and screen names")
        .isEqualTo("index-only");
    assertThat(result.meta().phase1Tweets()).isEqualTo(matching.size());
  }

  @Test
  void memeCooccurrenceCountsTheOtherMemesOfTheMatchingTweets() throws Exception {
    List<String> memes = loaded.memes().subList(0, 3);
    Map<String, Long> expected = new HashMap<>();
    for (RawMemes.RawTweet t : loaded.matching(memes)) {
      t.memes().stream().filter(m -> !memes.contains(m)).forEach(m -> expected.merge(m, 1L, Long::sum));
    }

    QueryResult result = content.memeCooccurrenceCount(String.join(",", memes), "2013-08-10", "2013-08-10");

    assertThat(result.counts()).isEqualTo(expected).isNotEmpty();
    assertThat(result.meta().evaluation()).as("the default meme index carries every field its keys come from")
        .isEqualTo("index-only");
  }

  @Test
  void memeNetworkLinksEveryPairOfMemesThatShareMatchingTweets() throws Exception {
    List<String> memes = loaded.memes().subList(0, 3);
    Map<List<String>, Long> expected = new HashMap<>();
    for (RawMemes.RawTweet t : loaded.matching(memes)) {
      List<String> sorted = t.memes().stream().sorted().toList();
      for (int i = 0; i < sorted.size(); i++) {
        for (int j = i + 1; j < sorted.size(); j++) {
          expected.merge(List.of(sorted.get(i), sorted.get(j)), 1L, Long::sum);
        }
      }
    }

    QueryResult result = content.run(ContentQuery.MEME_NETWORK, String.join(",", memes), "2013-08-10", "2013-08-10",
        Progress.IGNORED);
    Map<List<String>, Long> pairs = new HashMap<>();
    result.rows().forEach(r -> pairs.put(List.of((String) r.get("source"), (String) r.get("target")),
        ((Number) r.get("weight")).longValue()));
    assertThat(pairs).isEqualTo(expected).isNotEmpty();
    assertThat(result.rows()).extracting(r -> ((Number) r.get("weight")).longValue())
        .isSortedAccordingTo(java.util.Comparator.reverseOrder());
    assertThat(result.meta().evaluation()).isEqualTo("index-only");
  }

  @Test
  void coOccurrenceWithAMentionedUserIdLeavesOutThatUsersMentionWhateverItsName() throws Exception {
    long day = QueriedDay.millis("2013-08-10");
    Map<Long, Long> mentioned = raw.tweets().stream().filter(t -> t.createdAt() >= day && t.createdAt() < day + 86_400_000L)
        .flatMap(t -> t.mentionIds().stream()).collect(Collectors.groupingBy(id -> id, Collectors.counting()));
    long user = mentioned.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    Map<String, Long> expected = new HashMap<>();
    for (RawMemes.RawTweet t : raw.tweets()) {
      if (t.createdAt() >= day && t.createdAt() < day + 86_400_000L && t.mentionIds().contains(user)) {
        Set<String> names = t.mentionNames().get(user).stream().map(n -> n.toLowerCase(Locale.ROOT))
            .collect(Collectors.toSet());
        t.memes().stream().filter(m -> !(m.startsWith("@") && names.contains(m.substring(1))))
            .forEach(m -> expected.merge(m, 1L, Long::sum));
      }
    }

    QueryResult result = content.memeCooccurrenceCount("@id:" + user, "2013-08-10", "2013-08-10");

    assertThat(result.counts()).isEqualTo(expected).isNotEmpty();
    assertThat(result.counts().keySet()).noneMatch(k -> k.startsWith("@id:"));
  }

  @Test
  void retweetAndMentionEdgesLinkTheUsersOfTheMatchingTweets() throws Exception {
    List<RawMemes.RawTweet> matching = loaded.matching(loaded.memes());
    Map<List<Long>, Long> retweets = new HashMap<>();
    Map<List<Long>, Long> mentions = new HashMap<>();
    for (RawMemes.RawTweet t : matching) {
      if (t.retweetOfUserId() != 0) {
        retweets.merge(List.of(t.userId(), t.retweetOfUserId()), 1L, Long::sum);
      }
      t.mentionIds().forEach(m -> mentions.merge(List.of(t.userId(), m), 1L, Long::sum));
    }

    QueryResult retweetEdges = content.retweetEdges(String.join(",", loaded.memes()), "2013-08-10", "2013-08-10");
    QueryResult mentionEdges = content.mentionEdges(String.join(",", loaded.memes()), "2013-08-10", "2013-08-10");

    assertThat(Ask.edges(retweetEdges)).isEqualTo(retweets).isNotEmpty();
    assertThat(Ask.edges(mentionEdges)).isEqualTo(mentions).isNotEmpty();
    assertThat(Ask.edgeNames(retweetEdges)).isEqualTo(RawEdgeNames.of(matching, false));
    assertThat(Ask.edgeNames(mentionEdges)).isEqualTo(RawEdgeNames.of(matching, true));
    assertThat(List.of(retweetEdges.meta().evaluation(), mentionEdges.meta().evaluation()))
        .as("the default meme index's cells carry the ends of both kinds of edge").containsOnly("index-only");
  }

  @Test
  void aStoreThatCannotBeReachedFailsWithAnIOExceptionWhichTheServiceAnswersWith503() throws Exception {
    HBaseStore gone = new HBaseFactory().withZookeeper("localhost", MiniHBase.zookeeperPort())
        .withNamespace(names.namespace()).open(false);
    gone.close();
    Ask unreachable = Ask.indexOnly(new IndexScanner(gone.connection(), gone.tableNames(), IndexSpec.defaults(), pool,
        5_000, 5_000_000));

    assertThatThrownBy(() -> unreachable.memePostCount("#a", "2013-08-10", "2013-08-10"))
        .isInstanceOf(java.io.IOException.class);
    jakarta.ws.rs.core.Response response = new org.observatory.api.resources.ErrorMappers.StoreUnavailable()
        .toResponse(new java.io.IOException("connection closed"));
    assertThat(response.getStatus()).isEqualTo(503);
  }

  @Test
  void aQueryGatheringMoreIndexEntriesThanAllowedIsRefusedWithAMessage() throws Exception {
    List<String> memes = loaded.memes();
    long entries = loaded.matching(memes).size();
    Ask bounded = Ask.indexOnly(new IndexScanner(cluster.connection(), cluster.tableNames(), IndexSpec.defaults(), pool,
        30_000, entries / 2));

    assertThatThrownBy(() -> bounded.withMemes(String.join(",", memes), QueriedDay.window()))
        .isInstanceOf(BadQueryException.class).hasMessageContaining("narrow the window");
    assertThat(entries).isGreaterThan(1);
  }

  @Test
  void rejectsBadParameters() {
    assertThatThrownBy(() -> queries.memePostCount("tfb", "2013-08-10", "2013-08-10")).isInstanceOf(BadQueryException.class);
    assertThatThrownBy(() -> queries.memePostCount("#a", "2013-08-10", "2013-08-01")).hasMessageContaining("before start");
    assertThatThrownBy(() -> queries.memePostCount("#a", "2010-01-01", "2013-08-01")).hasMessageContaining("maximum");
    assertThatThrownBy(() -> queries.memePostCount("#a", "10/08/2013", "2013-08-11")).hasMessageContaining("ISO-8601");
    assertThatThrownBy(() -> queries.memePostCount("#a b", "2013-08-10", "2013-08-11")).hasMessageContaining("not a hashtag");
    assertThatThrownBy(() -> queries.memePostCount(null, "2013-08-10", "2013-08-11")).hasMessageContaining("missing");
    assertThatThrownBy(() -> queries.timestampCount("#a", "2013-08-10", "2013-08-11", "week")).hasMessageContaining("granularity");
  }

}
