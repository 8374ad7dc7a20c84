package org.observatory.api.query.engine;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.observatory.testdata.RawMemes;

/** Content answers computed from a raw file alone, to check the engine's against. */
final class RawAnswers {
  private RawAnswers() {}

  /** Per user, the tweets holding any of the memes between the days, and the screen name of the latest; most first. */
  static List<Map<String, Object>> userPostCount(RawMemes raw, List<String> memes, String fromDay, String toDayExclusive) {
    Map<Long, Long> counts = new HashMap<>();
    Map<Long, RawMemes.RawTweet> latest = new HashMap<>();
    for (RawMemes.RawTweet t : matching(raw, memes, fromDay, toDayExclusive)) {
      counts.merge(t.userId(), 1L, Long::sum);
      latest.merge(t.userId(), t, (a, b) -> b.createdAt() > a.createdAt() ? b : a);
    }
    return counts.entrySet().stream()
        .sorted(Map.Entry.<Long, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .map(e -> Map.<String, Object>of("userId", e.getKey(), "screenName", latest.get(e.getKey()).screenName(),
            "count", e.getValue()))
        .toList();
  }

  /** (retweeter, retweeted author) → the retweets holding any of the memes between the days. */
  static Map<List<Long>, Long> retweetEdges(RawMemes raw, List<String> memes, String fromDay, String toDayExclusive) {
    Map<List<Long>, Long> edges = new HashMap<>();
    for (RawMemes.RawTweet t : matching(raw, memes, fromDay, toDayExclusive)) {
      if (t.retweetOfId() != 0) {
        edges.merge(List.of(t.userId(), t.retweetOfUserId()), 1L, Long::sum);
      }
    }
    return edges;
  }

  private static List<RawMemes.RawTweet> matching(RawMemes raw, List<String> memes, String fromDay,
      String toDayExclusive) {
    List<String> asked = memes.stream().map(m -> m.toLowerCase(Locale.ROOT)).toList();
    long start = LocalDate.parse(fromDay).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
    long end = LocalDate.parse(toDayExclusive).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
    return raw.tweets().stream().filter(t -> t.createdAt() >= start && t.createdAt() < end)
        .filter(t -> asked.stream().anyMatch(t.memes()::contains)).toList();
  }
}
