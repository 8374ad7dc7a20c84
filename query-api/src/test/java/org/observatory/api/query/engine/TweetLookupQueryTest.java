package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.observatory.api.query.index.Found;
import org.observatory.api.query.output.TweetLines;
import org.observatory.testdata.RawMemes;
import org.observatory.testing.UsesStore;

/**
 * The tweet lookups on the mini cluster over a real day of tweets: phase 1 finds the tweets the raw file
 * says, in time order; phase 2 writes their chosen fields, or the statuses as they were received.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class TweetLookupQueryTest {
  private QueriedDay loaded;
  private RawMemes raw;
  private Ask lookups;

  @BeforeAll
  void loadADay() throws Exception {
    loaded = new QueriedDay("lookup_day");
    raw = loaded.raw;
    lookups = loaded.ask;
  }

  @AfterAll
  void stop() throws Exception {
    loaded.close();
  }

  @Test
  void getTweetsWithMemeListsTheMatchingTweetsInTimeOrder() throws Exception {
    Found found = lookups.withMemes(String.join(",", loaded.memes()), QueriedDay.window());

    assertThat(ids(found)).isEqualTo(inTimeOrder(loaded.matching(loaded.memes())));
  }

  @Test
  void getTweetsWithTextFindsTweetsWithAllTheWords() throws Exception {
    List<RawMemes.RawTweet> today = loaded.matching(t -> true);
    String first = frequentWords(today).get(0);
    String second = frequentWords(today.stream().filter(t -> hasWord(t, first)).toList()).stream()
        .filter(w -> !w.equals(first)).findFirst().orElseThrow();
    List<String> top = List.of(first, second);
    List<RawMemes.RawTweet> withBoth = today.stream()
        .filter(t -> hasWord(t, top.get(0)) && hasWord(t, top.get(1))).toList();

    Found found = lookups.withText(top.get(0) + " " + top.get(1).toUpperCase(), QueriedDay.window());

    assertThat(ids(found)).isEqualTo(inTimeOrder(withBoth)).isNotEmpty();
    assertThat(lookups.withText(top.get(0), QueriedDay.window()).size()).isGreaterThan(found.size());
  }

  @Test
  void getTweetsWithUserFindsAUsersTweetsByIdAndByScreenName() throws Exception {
    Map.Entry<Long, List<RawMemes.RawTweet>> busiest = loaded.matching(t -> true).stream()
        .collect(Collectors.groupingBy(RawMemes.RawTweet::userId)).entrySet().stream()
        .max(Comparator.comparingInt(e -> e.getValue().size())).orElseThrow();

    Found byId = lookups.withUser(String.valueOf(busiest.getKey()), QueriedDay.window());
    Found byName = lookups.withUser("@" + busiest.getValue().get(0).screenName().toUpperCase(), QueriedDay.window());

    assertThat(ids(byId)).isEqualTo(inTimeOrder(busiest.getValue())).hasSizeGreaterThan(1);
    assertThat(ids(byName)).isEqualTo(ids(byId));
  }

  @Test
  void getRetweetsFindsTheRetweetsOfATweet() throws Exception {
    Map.Entry<Long, List<RawMemes.RawTweet>> mostRetweeted = loaded.matching(t -> t.retweetOfId() != 0).stream()
        .collect(Collectors.groupingBy(RawMemes.RawTweet::retweetOfId)).entrySet().stream()
        .max(Comparator.comparingInt(e -> e.getValue().size())).orElseThrow();

    Found found = lookups.retweetsOf(String.valueOf(mostRetweeted.getKey()), QueriedDay.window());

    assertThat(ids(found)).isEqualTo(inTimeOrder(mostRetweeted.getValue())).hasSizeGreaterThan(1);
  }

  @Test
  void writesChosenFieldsAsNdjson() throws Exception {
    Found found = lookups.withMemes(String.join(",", loaded.memes()), QueriedDay.window());
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
    Found found = lookups.withMemes(String.join(",", loaded.memes()), QueriedDay.window());
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
}
