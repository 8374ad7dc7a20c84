package org.observatory.api.query.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.observatory.testdata.RawMemes;

/**
 * The names an edge's ends go by, from the raw tweets: those its latest tweet gives, the poster's own
 * and the target's as that tweet mentions them (none where it does not). Ties in time go to the greater
 * names.
 */
final class RawEdgeNames {
  private static final Comparator<List<String>> GREATER = Comparator
      .<List<String>, String>comparing(n -> n.get(0), Comparator.nullsFirst(Comparator.naturalOrder()))
      .thenComparing(n -> n.get(1), Comparator.nullsFirst(Comparator.naturalOrder()));

  private RawEdgeNames() {}

  /** (source, target) → names, for retweet edges or, with {@code mentions}, mention edges. */
  static Map<List<Long>, List<String>> of(List<RawMemes.RawTweet> tweets, boolean mentions) {
    Map<List<Long>, List<RawMemes.RawTweet>> byEdge = new HashMap<>();
    for (RawMemes.RawTweet t : tweets) {
      Set<Long> targets = mentions ? t.mentionIds() : t.retweetOfUserId() == 0 ? Set.of() : Set.of(t.retweetOfUserId());
      targets.forEach(target -> byEdge.computeIfAbsent(List.of(t.userId(), target), e -> new ArrayList<>()).add(t));
    }
    Map<List<Long>, List<String>> names = new HashMap<>();
    byEdge.forEach((edge, edgeTweets) -> names.put(edge, ofLatest(edgeTweets, edge.get(1))));
    return names;
  }

  /** The names the latest of one edge's tweets gives its ends. */
  static List<String> ofLatest(List<RawMemes.RawTweet> edgeTweets, long target) {
    long last = edgeTweets.stream().mapToLong(RawMemes.RawTweet::createdAt).max().orElseThrow();
    return edgeTweets.stream().filter(t -> t.createdAt() == last)
        .map(t -> Arrays.asList(t.screenName(), mentioned(t, target))).max(GREATER).orElseThrow();
  }

  private static String mentioned(RawMemes.RawTweet t, long user) {
    Set<String> names = t.mentionNames().get(user);
    return names == null ? null : names.iterator().next();
  }
}
