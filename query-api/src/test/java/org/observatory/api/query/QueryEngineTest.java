package org.observatory.api.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.observatory.api.hbase.HBaseFactory;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.query.mapreduce.ContentJob;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TestLoads;

/**
 * The queries on the mini cluster over a real day of tweets, against answers computed from the raw file:
 * index-only ones, and those that fetch the tweets in phase 2.
 * The service side connects the way it does to any cluster: through a configured ZooKeeper quorum.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryEngineTest {
  private final TableNames names = new TableNames("query_day");
  private final ExecutorService pool = Executors.newFixedThreadPool(4);
  private RawMemes raw;
  private HBaseStore cluster;
  private Ask queries;
  private Ask content;
  private Ask alwaysMapReduce;
  private Ask lookups;

  @BeforeAll
  void loadADay() throws Exception {
    TestLoads.load(MiniHBase.connection(), names, Files.createTempDirectory("rejects"),
        SharedData.file(SharedData.DAY_2013));
    raw = RawMemes.of(SharedData.DAY_2013);
    cluster = new HBaseFactory().withZookeeper("localhost", MiniHBase.zookeeperPort())
        .withNamespace(names.namespace()).open(false);
    IndexSpec spec = IndexSpec.defaults();
    IndexScanner scanner = new IndexScanner(cluster.connection(), cluster.tableNames(), spec, pool, 30_000, 5_000_000);
    TweetFetcher fetcher = new TweetFetcher(cluster.connection(), cluster.tableNames(), pool, 30_000);
    TweetAssembler assembler = new TweetAssembler(cluster.connection(), cluster.tableNames());
    ContentJob job = new ContentJob(cluster.connection(), cluster.tableNames(), spec,
        new ContentJob.Settings(new Path(Files.createTempDirectory("query-work").toString()), 2), 60_000);
    queries = new Ask(new QueryEngine(spec, new QuerySettings(), scanner, fetcher, assembler, job));
    content = queries;
    lookups = queries;
    alwaysMapReduce = new Ask(new QueryEngine(spec, new QuerySettings().mapReduceThreshold(0), scanner, fetcher,
        assembler, job));
  }

  @AfterAll
  void stop() throws Exception {
    pool.shutdownNow();
    cluster.close();
  }

  @Test
  void memePostCountMatchesTheRawFileForTheDay() throws Exception {
    List<String> memes = memes();

    QueryResult result = queries.memePostCount(String.join(",", memes), "2013-08-10", "2013-08-10");

    long start = millis("2013-08-10");
    long end = millis("2013-08-11");
    for (String meme : memes) {
      assertThat(result.counts().get(meme)).as(meme).isEqualTo(raw.count(meme, start, end));
    }
    assertThat(result.counts().get(memes.get(0))).isPositive();
    assertThat(result.meta().evaluation()).isEqualTo("index-only");
  }

  @Test
  void aWindowSpanningMonthsCountsTheOriginalsOfEachMonth() throws Exception {
    List<String> memes = memes();

    QueryResult result = queries.memePostCount(String.join(",", memes), "2013-06-01", "2013-08-31T23:59:59Z");

    long start = millis("2013-06-01");
    long end = millis("2013-09-01");
    for (String meme : memes) {
      assertThat(result.counts().get(meme)).as(meme).isEqualTo(raw.count(meme, start, end));
    }
    assertThat(result.meta().months()).containsExactly("2013-06", "2013-07", "2013-08");
    long julyOnly = memes.stream().mapToLong(m -> raw.count(m, millis("2013-07-01"), millis("2013-08-01"))).sum();
    assertThat(julyOnly).as("the window really reaches originals of an earlier month").isPositive();
  }

  @Test
  void monthsWithoutTablesCountNothingAndFailNothing() throws Exception {
    List<String> memes = memes();

    QueryResult empty = queries.memePostCount(String.join(",", memes), "2001-01-01", "2001-03-31");
    QueryResult longWindow = queries.memePostCount(String.join(",", memes), "2011-01-01", "2013-08-31");

    assertThat(empty.counts().values()).containsOnly(0L);
    for (String meme : memes) {
      assertThat(longWindow.counts().get(meme)).as(meme).isEqualTo(raw.count(meme, millis("2011-01-01"), millis("2013-09-01")));
    }
  }

  @Test
  void aWindowOfMinutesUsesTheTweetTimes() throws Exception {
    String meme = memes().get(0);
    long from = raw.tweets().stream().filter(t -> t.memes().contains(meme)).mapToLong(RawMemes.RawTweet::createdAt)
        .filter(t -> t >= millis("2013-08-10")).min().orElseThrow();
    long to = from + 120_000;

    QueryResult result = queries.memePostCount(meme, Instant.ofEpochMilli(from).toString(),
        Instant.ofEpochMilli(to).toString());

    assertThat(result.counts().get(meme)).isEqualTo(raw.count(meme, from, to + 1)).isPositive();
  }

  @Test
  void timestampCountCountsEachTweetOncePerDay() throws Exception {
    List<String> memes = memes();

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
    long start = millis("2013-06-01");
    long end = millis("2013-09-01");
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
    List<String> memes = memes();

    QueryResult result = queries.timestampCount(String.join(",", memes), "2013-08-10", "2013-08-10", "hour");

    assertThat(result.counts()).hasSize(24);
    long dayStart = millis("2013-08-10");
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
    List<RawMemes.RawTweet> matching = matching(memes());

    QueryResult result = content.userPostCount(String.join(",", memes()), "2013-08-10", "2013-08-10");

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
    assertThat(result.meta().evaluation()).as("the default meme index carries user ids").isEqualTo("index+labels");
    assertThat(result.meta().phase1Tweets()).isEqualTo(matching.size());
  }

  @Test
  void memeCooccurrenceCountsTheOtherMemesOfTheMatchingTweets() throws Exception {
    List<String> memes = memes().subList(0, 3);
    Map<String, Long> expected = new HashMap<>();
    for (RawMemes.RawTweet t : matching(memes)) {
      t.memes().stream().filter(m -> !memes.contains(m)).forEach(m -> expected.merge(m, 1L, Long::sum));
    }

    QueryResult result = content.memeCooccurrenceCount(String.join(",", memes), "2013-08-10", "2013-08-10");

    assertThat(result.counts()).isEqualTo(expected).isNotEmpty();
  }

  @Test
  void coOccurrenceWithAMentionedUserIdLeavesOutThatUsersMentionWhateverItsName() throws Exception {
    long day = millis("2013-08-10");
    Map<Long, Long> mentioned = raw.tweets().stream().filter(t -> t.createdAt() >= day && t.createdAt() < day + 86_400_000L)
        .flatMap(t -> t.mentionIds().stream()).collect(Collectors.groupingBy(id -> id, Collectors.counting()));
    long user = mentioned.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    Map<String, Long> expected = new HashMap<>();
    for (RawMemes.RawTweet t : raw.tweets()) {
      if (t.createdAt() >= day && t.createdAt() < day + 86_400_000L && t.mentionIds().contains(user)) {
        Set<String> names = t.mentionNames().get(user);
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
    List<RawMemes.RawTweet> matching = matching(memes());
    Map<List<Long>, Long> retweets = new HashMap<>();
    Map<List<Long>, Long> mentions = new HashMap<>();
    for (RawMemes.RawTweet t : matching) {
      if (t.retweetOfUserId() != 0) {
        retweets.merge(List.of(t.userId(), t.retweetOfUserId()), 1L, Long::sum);
      }
      t.mentionIds().forEach(m -> mentions.merge(List.of(t.userId(), m), 1L, Long::sum));
    }

    QueryResult retweetEdges = content.retweetEdges(String.join(",", memes()), "2013-08-10", "2013-08-10");
    QueryResult mentionEdges = content.mentionEdges(String.join(",", memes()), "2013-08-10", "2013-08-10");

    assertThat(edges(retweetEdges)).isEqualTo(retweets).isNotEmpty();
    assertThat(edges(mentionEdges)).isEqualTo(mentions).isNotEmpty();
  }

  @Test
  void aMapReduceJobAnswersEveryContentQueryExactlyAsTheServiceDoes() throws Exception {
    String memes = String.join(",", memes());
    // user-post-count needs no phase 2 here; IndexEvolutionTest runs it both ways over an index without user ids
    for (ContentQuery query : List.of(ContentQuery.MEME_COOCCURRENCE_COUNT, ContentQuery.RETWEET_EDGES,
        ContentQuery.MENTION_EDGES)) {
      for (String[] window : List.of(new String[] {"2013-08-10", "2013-08-10"},
          new String[] {"2013-06-01", "2013-08-31T23:59:59Z"})) {
        List<Double> progress = new ArrayList<>();
        QueryResult inService = content.run(query, memes, window[0], window[1], Progress.IGNORED);
        QueryResult viaJob = alwaysMapReduce.run(query, memes, window[0], window[1], progress::add);

        String what = query + " " + window[0];
        assertThat(inService.meta().evaluation()).as(what).isEqualTo("index+fetch");
        assertThat(viaJob.meta().evaluation()).as(what).isEqualTo("index+mapreduce");
        assertThat(viaJob.meta().phase1Tweets()).as(what).isEqualTo(inService.meta().phase1Tweets()).isPositive();
        assertThat(viaJob.counts()).as(what).isEqualTo(inService.counts());
        assertThat(viaJob.rows()).as(what).isEqualTo(inService.rows());
        assertThat(viaJob.counts() == null ? viaJob.rows() : viaJob.counts().keySet()).as(what).isNotEmpty();
        assertThat(progress).as(what).isNotEmpty().allMatch(p -> p >= 0 && p <= 1);
      }
    }
  }

  @Test
  void getTweetsWithMemeListsTheMatchingTweetsInTimeOrder() throws Exception {
    Found found = lookups.withMemes(String.join(",", memes()), day());

    assertThat(ids(found)).isEqualTo(inTimeOrder(matching(memes())));
  }

  @Test
  void getTweetsWithTextFindsTweetsWithAllTheWords() throws Exception {
    List<RawMemes.RawTweet> today = matching(t -> true);
    String first = frequentWords(today).get(0);
    String second = frequentWords(today.stream().filter(t -> hasWord(t, first)).toList()).stream()
        .filter(w -> !w.equals(first)).findFirst().orElseThrow();
    List<String> top = List.of(first, second);
    List<RawMemes.RawTweet> withBoth = today.stream()
        .filter(t -> hasWord(t, top.get(0)) && hasWord(t, top.get(1))).toList();

    Found found = lookups.withText(top.get(0) + " " + top.get(1).toUpperCase(), day());

    assertThat(ids(found)).isEqualTo(inTimeOrder(withBoth)).isNotEmpty();
    assertThat(lookups.withText(top.get(0), day()).size()).isGreaterThan(found.size());
  }

  @Test
  void getTweetsWithUserFindsAUsersTweetsByIdAndByScreenName() throws Exception {
    Map.Entry<Long, List<RawMemes.RawTweet>> busiest = matching(t -> true).stream()
        .collect(Collectors.groupingBy(RawMemes.RawTweet::userId)).entrySet().stream()
        .max(Comparator.comparingInt(e -> e.getValue().size())).orElseThrow();

    Found byId = lookups.withUser(String.valueOf(busiest.getKey()), day());
    Found byName = lookups.withUser("@" + busiest.getValue().get(0).screenName().toUpperCase(), day());

    assertThat(ids(byId)).isEqualTo(inTimeOrder(busiest.getValue())).hasSizeGreaterThan(1);
    assertThat(ids(byName)).isEqualTo(ids(byId));
  }

  @Test
  void getRetweetsFindsTheRetweetsOfATweet() throws Exception {
    Map.Entry<Long, List<RawMemes.RawTweet>> mostRetweeted = matching(t -> t.retweetOfId() != 0).stream()
        .collect(Collectors.groupingBy(RawMemes.RawTweet::retweetOfId)).entrySet().stream()
        .max(Comparator.comparingInt(e -> e.getValue().size())).orElseThrow();

    Found found = lookups.retweetsOf(String.valueOf(mostRetweeted.getKey()), day());

    assertThat(ids(found)).isEqualTo(inTimeOrder(mostRetweeted.getValue())).hasSizeGreaterThan(1);
  }

  @Test
  void writesChosenFieldsAsNdjson() throws Exception {
    Found found = lookups.withMemes(String.join(",", memes()), day());
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();

    lookups.write(found, "userId,hashtags", out);

    List<String> lines = out.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList();
    Map<Long, RawMemes.RawTweet> byId = raw.tweets().stream().collect(Collectors.toMap(RawMemes.RawTweet::id, t -> t));
    assertThat(lines).hasSize(found.size());
    for (String line : lines) {
      com.fasterxml.jackson.databind.JsonNode tweet = org.observatory.testdata.Json.tree(line);
      RawMemes.RawTweet expected = byId.get(tweet.get("id").asLong());
      assertThat(tweet.get("userId").asLong()).isEqualTo(expected.userId());
      java.util.Set<String> tags = new java.util.HashSet<>();
      tweet.get("hashtags").forEach(h -> tags.add("#" + h.asText().toLowerCase()));
      assertThat(tags).isEqualTo(expected.memes().stream().filter(m -> m.startsWith("#")).collect(Collectors.toSet()));
    }
    assertThatThrownBy(() -> TweetLines.parse("userId,nope")).hasMessageContaining("unknown field 'nope'");
  }

  @Test
  void givesBackEachTweetAsTheStatusItWasReceivedAs() throws Exception {
    // every version of each status in the raw file: top-level lines and embedded originals
    Map<Long, java.util.Set<com.fasterxml.jackson.databind.JsonNode>> versions = new HashMap<>();
    try (java.util.stream.Stream<String> lines = org.observatory.testdata.SharedData.lines(
        org.observatory.testdata.SharedData.DAY_2013)) {
      lines.map(org.observatory.testdata.Json::tree).filter(org.observatory.testdata.Json::isStatus)
          .forEach(s -> collectVersions(s, versions));
    }
    Found found = lookups.withMemes(String.join(",", memes()), day());
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();

    lookups.write(found, "json", out);

    List<String> lines = out.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList();
    assertThat(lines).hasSize(found.size());
    long compared = 0;
    long retweets = 0;
    for (String line : lines) {
      com.fasterxml.jackson.databind.JsonNode status = org.observatory.testdata.Json.tree(line);
      java.util.Set<com.fasterxml.jackson.databind.JsonNode> seen = versions.get(status.get("id").asLong());
      if (seen.size() == 1 && status.path("retweeted_status").path("id").isNumber()
          && versions.get(status.get("retweeted_status").get("id").asLong()).size() > 1) {
        continue; // its original was seen in several snapshots: the newest is kept, not this line's
      }
      if (seen.size() == 1) {
        assertThat(status).isEqualTo(seen.iterator().next());
        compared++;
        retweets += status.has("retweeted_status") ? 1 : 0;
      }
    }
    assertThat(compared).isGreaterThan(found.size() / 2);
    assertThat(retweets).as("retweets reassembled with their originals").isPositive();
    assertThatThrownBy(() -> TweetLines.parse("json,userId")).hasMessageContaining("stands alone");
  }

  private static void collectVersions(com.fasterxml.jackson.databind.JsonNode status,
      Map<Long, java.util.Set<com.fasterxml.jackson.databind.JsonNode>> versions) {
    versions.computeIfAbsent(status.get("id").asLong(), k -> new java.util.HashSet<>()).add(status);
    for (String k : List.of("retweeted_status", "quoted_status")) {
      if (status.has(k) && org.observatory.testdata.Json.isStatus(status.get(k))) {
        collectVersions(status.get(k), versions);
      }
    }
  }

  private static TimeWindow day() {
    return TimeWindow.parse("2013-08-10", "2013-08-10", 10);
  }

  private List<RawMemes.RawTweet> matching(java.util.function.Predicate<RawMemes.RawTweet> which) {
    long start = millis("2013-08-10");
    return raw.tweets().stream().filter(t -> t.createdAt() >= start && t.createdAt() < start + 86_400_000L)
        .filter(which).toList();
  }

  private static List<Long> inTimeOrder(List<RawMemes.RawTweet> tweets) {
    return tweets.stream().sorted(Comparator.comparingLong(RawMemes.RawTweet::createdAt)
        .thenComparingLong(RawMemes.RawTweet::id)).map(RawMemes.RawTweet::id).toList();
  }

  private static List<Long> ids(Found found) {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < found.size(); i++) {
      ids.add(found.tweets().id(i));
    }
    return ids;
  }

  // Words as a reader sees them: entities cut out, split where letters and digits stop.
  private static final java.util.regex.Pattern ENTITY = java.util.regex.Pattern.compile("[#@]\\w+|https?://\\S*|&\\w+;");

  private static boolean hasWord(RawMemes.RawTweet t, String word) {
    String text = ENTITY.matcher(t.text().toLowerCase(java.util.Locale.ROOT)).replaceAll(" ");
    return java.util.regex.Pattern.compile("(?<![\\p{L}\\p{N}_'’])" + word + "(?![\\p{L}\\p{N}_'’])").matcher(text).find();
  }

  /** The most frequent plain lower-case Latin words of five or more letters, most frequent first. */
  private static List<String> frequentWords(List<RawMemes.RawTweet> tweets) {
    Map<String, Long> counts = new HashMap<>();
    for (RawMemes.RawTweet t : tweets) {
      String text = ENTITY.matcher(t.text().toLowerCase(java.util.Locale.ROOT)).replaceAll(" ");
      java.util.Arrays.stream(text.split("[^a-z]+")).filter(w -> w.length() >= 5).distinct()
          .forEach(w -> counts.merge(w, 1L, Long::sum));
    }
    return counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(5).map(Map.Entry::getKey).toList();
  }

  private List<RawMemes.RawTweet> matching(List<String> memes) {
    long start = millis("2013-08-10");
    return raw.tweets().stream().filter(t -> t.createdAt() >= start && t.createdAt() < start + 86_400_000L)
        .filter(t -> memes.stream().anyMatch(t.memes()::contains)).toList();
  }

  private static Map<List<Long>, Long> edges(QueryResult result) {
    Map<List<Long>, Long> edges = new HashMap<>();
    for (Map<String, Object> row : result.rows()) {
      edges.put(List.of(((Number) row.get("source")).longValue(), ((Number) row.get("target")).longValue()),
          ((Number) row.get("weight")).longValue());
    }
    return edges;
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
    String memes = String.join(",", memes());
    long entries = queries.memePostCount(memes, "2013-08-10", "2013-08-10").meta().phase1Tweets();
    Ask bounded = Ask.indexOnly(new IndexScanner(cluster.connection(), cluster.tableNames(), IndexSpec.defaults(), pool,
        30_000, entries / 2));

    assertThatThrownBy(() -> bounded.memePostCount(memes, "2013-08-10", "2013-08-10"))
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

  /** The day's five most frequent hashtags, its most frequent mention and URL, and an absent hashtag. */
  private List<String> memes() {
    List<String> memes = new ArrayList<>(raw.mostFrequent("#", 5));
    memes.addAll(raw.mostFrequent("@", 1));
    memes.addAll(raw.mostFrequent("http", 1));
    memes.add("#nosuchhashtaganywhere");
    return memes;
  }

  private static long millis(String day) {
    return LocalDate.parse(day).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
  }
}
