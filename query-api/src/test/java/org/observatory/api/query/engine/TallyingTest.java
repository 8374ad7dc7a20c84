package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.observatory.api.query.Meme;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.api.query.tally.KeptTally;
import org.observatory.api.query.tally.KeyCounts;
import org.observatory.api.query.tally.Tallies;
import org.observatory.api.query.tally.Tally;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.StoredTweet;
import org.observatory.schemas.tweet.Tweet;

/**
 * Tallies merge in any order and split to the same answer — the reason phase 2 may run in the service
 * or in a job's mappers and reducer alike — and phase 1's hits keep their shape; no store.
 */
class TallyingTest {
  private static final MemeKeys KEYS = MemeKeys.of(IndexSpec.defaults());
  private static final List<Meme> ASKED = KEYS.parseList("#euro2012", 10);
  private static final ContentQuery.Asked WHAT = new ContentQuery.Asked(ASKED, KEYS);

  @Test
  void aMergeSumsTheCountsAndKeepsTheLatestLabelWhateverTheOrder() {
    Tally early = new Tally(2, 100, "old_name");
    Tally late = new Tally(3, 200, "new_name");
    Tally tie = new Tally(1, 200, "another");

    assertThat(early.merge(late)).isEqualTo(late.merge(early)).isEqualTo(new Tally(5, 200, "new_name"));
    assertThat(early.merge(late).merge(tie)).isEqualTo(tie.merge(early.merge(late)))
        .as("a tie goes to the greater label").isEqualTo(new Tally(6, 200, "new_name"));
    assertThat(Tally.decode(late.encode())).isEqualTo(late);
    assertThat(Tally.decode(new Tally(1, 5, null).encode())).isEqualTo(new Tally(1, 5, null));
  }

  @Test
  void anHoursTalliesKeptInTheCountsTableReadBackAsTheyWere() {
    Tallies hour = new Tallies();
    hour.add("12345", new Tally(3, 1_339_000_000_000L, "ünïcode_name"));
    hour.add("12>34", new Tally(1, 1_339_000_001_000L, null));
    hour.add("#ünïcode_😀", new Tally(2, 1_339_000_002_000L, null));

    Tallies read = new Tallies();
    KeptTally.Entry into = (bytes, from, length, count, time, labelAt) ->
        read.add(KeptTally.text(bytes, from, length), new Tally(count, time, KeptTally.label(bytes, labelAt)));
    long tweets = KeptTally.decode(KeptTally.encode(hour, 4), into);

    assertThat(tweets).isEqualTo(4);
    assertThat(read.asMap()).isEqualTo(hour.asMap());
    assertThat(KeptTally.decode(KeptTally.encode(new Tallies(), 0), into)).isZero();
    assertThat(read.asMap()).isEqualTo(hour.asMap());
  }

  @Test
  void everyContentQueryAnswersTheSameFromAnyOrderAndAnySplitOfTheTweets() {
    List<StoredTweet> tweets = tweets();
    for (ContentQuery query : ContentQuery.values()) {
      Map<String, Tally> whole = tally(query, tweets);
      List<StoredTweet> shuffled = new ArrayList<>(tweets);
      Collections.shuffle(shuffled, new Random(7));
      Tallies merged = new Tallies(); // two "mappers", merged as a combiner and the reducer do
      tally(query, shuffled.subList(0, 7)).forEach(merged::add);
      tally(query, shuffled.subList(7, shuffled.size())).forEach(merged::add);

      assertThat(query.answer(merged.asMap(), List.of())).as(query.name()).isEqualTo(query.answer(whole, List.of()));

      Tallies rest = new Tallies(); // the rest of a window beside two hours kept in the counts table
      tally(query, shuffled.subList(0, 4)).forEach(rest::add);
      List<java.nio.ByteBuffer> kept = List.of(KeptTally.encode(tallies(query, shuffled.subList(4, 9)), 5),
          KeptTally.encode(tallies(query, shuffled.subList(9, shuffled.size())), 6));
      assertThat(query.answer(rest.asMap(), kept)).as(query.name() + ", with kept hours")
          .isEqualTo(query.answer(whole, List.of()));
    }
  }

  @Test
  void theAnswersAreWhatTheTweetsSay() {
    List<StoredTweet> tweets = tweets();

    ContentQuery.Answer users = ContentQuery.USER_POST_COUNT.answer(tally(ContentQuery.USER_POST_COUNT, tweets),
        List.of());
    ContentQuery.Answer memes = ContentQuery.MEME_COOCCURRENCE_COUNT.answer(
        tally(ContentQuery.MEME_COOCCURRENCE_COUNT, tweets), List.of());
    ContentQuery.Answer retweets = ContentQuery.RETWEET_EDGES.answer(tally(ContentQuery.RETWEET_EDGES, tweets),
        List.of());
    ContentQuery.Answer mentions = ContentQuery.MENTION_EDGES.answer(tally(ContentQuery.MENTION_EDGES, tweets),
        List.of());

    assertThat(users.rows().get(0)).isEqualTo(Map.of("userId", 1L, "screenName", "user1_at_14", "count", 5L));
    assertThat(memes.counts()).containsOnlyKeys("#goal", "@user1", "@user2", "https://example.org/match")
        .containsEntry("#goal", 6L).doesNotContainKey("#euro2012");
    assertThat(retweets.rows()).containsExactly(Map.of("source", 3L, "target", 1L, "weight", 4L,
        "sourceName", "user3_at_18", "targetName", "User1"));
    assertThat(mentions.rows().get(0)).isEqualTo(Map.of("source", 1L, "target", 2L, "weight", 5L,
        "sourceName", "user1_at_14", "targetName", "User2"));
  }

  @Test
  void aUserIsLabelledByTheLatestTallyWhereverItWasKeptATieGoingToTheGreaterLabel() {
    Tallies rest = new Tallies();
    rest.add("1", new Tally(1, 100, "b_rest"));
    rest.add("2", new Tally(1, 300, "latest_rest"));
    Tallies hour = new Tallies();
    hour.add("1", new Tally(2, 100, "c_kept"));
    hour.add("2", new Tally(1, 200, "z_older"));
    Tallies another = new Tallies();
    another.add("1", new Tally(1, 100, "a_kept"));
    another.add("3", new Tally(1, 50, null));
    another.add("4", new Tally(1, 60, "ünïcode"));

    List<Map<String, Object>> rows = ContentQuery.USER_POST_COUNT.answer(rest.asMap(),
        List.of(KeptTally.encode(hour, 3), KeptTally.encode(another, 3))).rows();

    assertThat(rows).containsExactly(Map.of("userId", 1L, "screenName", "c_kept", "count", 4L),
        Map.of("userId", 2L, "screenName", "latest_rest", "count", 2L),
        new java.util.HashMap<>(Map.of("userId", 3L, "count", 1L)) {{ put("screenName", null); }},
        Map.of("userId", 4L, "screenName", "ünïcode", "count", 1L));
  }

  @Test
  void usersAndEdgesAreListedMostFirstThenByTheirIds() {
    Random random = new Random(11);
    long[] ids = {0, 7, 8, 1L << 31, 1L << 32, 4_304_962_297L, 1_234_567_890_123_456_789L, Long.MAX_VALUE};
    Tallies users = new Tallies();
    Tallies edges = new Tallies();
    List<long[]> expectedEdges = new ArrayList<>();
    for (long source : ids) {
      users.add(Long.toString(source), new Tally(1 + random.nextInt(3), source, "u" + source));
      for (long target : ids) {
        long weight = 1 + random.nextInt(3);
        edges.add(source + ">" + target, new Tally(weight, 0, "s" + source + "\tt" + target));
        expectedEdges.add(new long[] {source, target, weight});
      }
    }
    expectedEdges.sort((a, b) -> a[2] != b[2] ? Long.compare(b[2], a[2])
        : a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    List<Long> expectedUsers = users.asMap().entrySet().stream()
        .sorted((a, b) -> a.getValue().count() != b.getValue().count()
            ? Long.compare(b.getValue().count(), a.getValue().count())
            : Long.compare(Long.parseLong(a.getKey()), Long.parseLong(b.getKey())))
        .map(e -> Long.parseLong(e.getKey())).toList();

    List<Map<String, Object>> userRows = ContentQuery.USER_POST_COUNT.answer(users.asMap(), List.of()).rows();
    List<Map<String, Object>> edgeRows = ContentQuery.MENTION_EDGES.answer(edges.asMap(), List.of()).rows();

    assertThat(userRows.stream().map(r -> (Long) r.get("userId")).toList()).isEqualTo(expectedUsers);
    assertThat(userRows).allSatisfy(r -> assertThat(r.get("screenName")).isEqualTo("u" + r.get("userId")));
    assertThat(edgeRows).hasSize(expectedEdges.size());
    for (int i = 0; i < edgeRows.size(); i++) {
      long[] edge = expectedEdges.get(i);
      assertThat(edgeRows.get(i)).containsExactly(Map.entry("source", edge[0]), Map.entry("target", edge[1]),
          Map.entry("weight", edge[2]), Map.entry("sourceName", "s" + edge[0]), Map.entry("targetName", "t" + edge[1]));
    }
  }

  @Test
  void memesAndPairsAreListedMostFirstThenByKey() {
    Random random = new Random(13);
    // keys that share their first eight characters or differ only past the first 24, one a prefix of
    // another, characters at and above U+00FF (a pack's byte), above U+7FFF, surrogate pairs, U+0000
    List<String> keys = new ArrayList<>(List.of("", "#", "#a", "#euro2012", "#euro2012x", "#euro2013", "#euro201",
        "@user_name_1", "@user_name_2", "#\uffff", "#\u8000a", "#\u7fff", "#😀", "#😀😀", "https://t.co/abcdefgh",
        "#a\tb", "#A\t#b", "#goal\t#euro2012", "#euro2012\t#goal_of_the_tournament_1",
        "#euro2012\t#goal_of_the_tournament_2", "#euro2012\t#goal_of_the_tournament", "#ÿa", "#ÿb", "#\u0100a",
        "#\u00fez", "\u0000", "a\u0000b", "a", "#é\u0101x", "#é\u0100y", "#\u0101xxxxxxa", "#\u0100xxxxxxb"));
    Tallies rest = new Tallies();
    Tallies hour = new Tallies();
    for (String key : keys) { // once each: all tied, so ordered by key alone
      (random.nextBoolean() ? rest : hour).add(key, new Tally(1, 0, null));
    }
    for (int i = 0; i < 300; i++) {
      (random.nextBoolean() ? rest : hour).add("#tag_" + random.nextInt(40), new Tally(1, 0, null));
    }
    Tallies all = new Tallies();
    rest.asMap().forEach(all::add);
    hour.asMap().forEach(all::add);
    List<Map.Entry<String, Long>> expected = all.asMap().entrySet().stream()
        .map(e -> Map.entry(e.getKey(), e.getValue().count()))
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .toList();

    KeyCounts counts = KeyCounts.mostFirst(rest.asMap(), List.of(KeptTally.encode(hour, 1)));

    List<Map.Entry<String, Long>> listed = new ArrayList<>();
    for (int i = 0; i < counts.size(); i++) {
      listed.add(Map.entry(counts.key(i), counts.count(i)));
    }
    assertThat(listed).isEqualTo(expected);
    assertThat(new ArrayList<>(ContentQuery.MEME_COOCCURRENCE_COUNT.answer(all.asMap(), List.of()).counts().entrySet()))
        .isEqualTo(expected);
  }

  @Test
  void phaseOneHitsKeepTheirShape() {
    TweetHits hits = new TweetHits();
    hits.add(30, 300, 7);
    hits.add(10, 300, 8);
    hits.add(20, 100, 9);
    hits.add(10, 300, 8);

    assertThat(hits.distinct().size()).isEqualTo(3);
    TweetHits ordered = hits.distinct().inTimeOrder();
    assertThat(List.of(ordered.id(0), ordered.id(1), ordered.id(2))).containsExactly(20L, 10L, 30L);
    assertThat(ordered.value(1)).isEqualTo(8);
    assertThat(hits.distinct().only(Set.of(30L, 99L)).size()).isEqualTo(1);
  }

  /**
   * 15 tweets: user 1 posts #euro2012 with #goal, mentioning user 2, five times; user 3 retweets
   * user 1 four times, mentioning them as a retweet does; six other tweets carry #goal or a URL.
   */
  private static List<StoredTweet> tweets() {
    List<StoredTweet> tweets = new ArrayList<>();
    for (int i = 0; i < 15; i++) {
      long user = i < 5 ? 1 : i < 9 ? 3 : 4 + i;
      Tweet.TweetRef retweetOf = i >= 5 && i < 9 ? new Tweet.TweetRef(i - 5, 1, i) : null;
      List<String> hashtags = i < 5 || i == 14 ? List.of("Euro2012", "Goal") : List.of("euro2012");
      List<Tweet.Mention> mentions = i < 5 ? List.of(new Tweet.Mention(2, "User2"), new Tweet.Mention(2, "User2"))
          : retweetOf != null ? List.of(new Tweet.Mention(1, "User1")) : List.of();
      List<String> urls = i >= 12 ? List.of("https://example.org/match") : List.of();
      tweets.add(new StoredTweet(i, 10 + i, user, "user" + user + "_at_" + (10 + i), "en", retweetOf, null, null,
          hashtags, mentions, urls, null));
    }
    return tweets;
  }

  private static Map<String, Tally> tally(ContentQuery query, List<StoredTweet> tweets) {
    return tallies(query, tweets).asMap();
  }

  private static Tallies tallies(ContentQuery query, List<StoredTweet> tweets) {
    Tallies tallies = new Tallies();
    tweets.forEach(t -> query.tally(t, WHAT, tallies));
    return tallies;
  }
}
