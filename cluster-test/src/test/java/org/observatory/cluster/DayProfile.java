package org.observatory.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;

/**
 * What to ask about one day of the shared corpus, read from its raw JSON: its busiest hashtags and
 * mention, its most active user, its most retweeted tweet.
 */
record DayProfile(String day, List<String> hashtags, String mention, long user, long retweeted) {
  static DayProfile of(String file) {
    Map<String, Integer> hashtags = new HashMap<>();
    Map<String, Integer> mentions = new HashMap<>();
    Map<Long, Integer> users = new HashMap<>();
    Map<Long, Integer> retweeted = new HashMap<>();
    try (Stream<String> lines = SharedData.lines(file)) {
      lines.flatMap(line -> Json.parsed(line).stream()).filter(Json::isStatus).forEach(status -> {
        JsonNode entities = status.path("entities");
        entities.path("hashtags").forEach(h -> hashtags.merge("#" + h.get("text").asText().toLowerCase(), 1, Integer::sum));
        entities.path("user_mentions").forEach(m -> mentions.merge("@" + m.get("screen_name").asText().toLowerCase(), 1, Integer::sum));
        users.merge(status.get("user").get("id").asLong(), 1, Integer::sum);
        if (status.has("retweeted_status")) {
          retweeted.merge(status.get("retweeted_status").get("id").asLong(), 1, Integer::sum);
        }
      });
    }
    String day = file.replaceAll(".*(\\d{4}-\\d{2}-\\d{2}).*", "$1");
    return new DayProfile(day, top(hashtags, 2), top(mentions, 1).get(0), top(users, 1).get(0), top(retweeted, 1).get(0));
  }

  /** The {@code n} keys with the highest counts, ties broken by the key, so that every run asks alike. */
  private static <K extends Comparable<K>> List<K> top(Map<K, Integer> counts, int n) {
    return counts.entrySet().stream()
        .sorted(Map.Entry.<K, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .limit(n).map(Map.Entry::getKey).toList();
  }

  /** One request of every query kind about this day. */
  List<String> requests() {
    String window = "&start=" + day + "&end=" + day;
    String memes = "memes=" + encode(String.join(",", hashtags) + "," + mention) + window;
    return List.of(
        "/queries/meme-post-count?" + memes,
        "/queries/timestamp-count?" + memes + "&granularity=hour",
        "/queries/user-post-count?" + memes,
        "/queries/meme-cooccurrence-count?" + memes,
        "/queries/retweet-edges?" + memes,
        "/queries/mention-edges?" + memes,
        "/queries/get-tweets-with-meme?memes=" + encode(hashtags.get(0)) + window,
        "/queries/get-tweets-with-text?words=" + encode(hashtags.get(0).substring(1)) + window,
        "/queries/get-tweets-with-user?user=" + user + window,
        "/queries/get-retweets?id=" + retweeted + window);
  }

  static String encode(String text) {
    return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8);
  }
}
