package org.observatory.api.dashboard;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.observatory.testdata.RawMemes.RawTweet;

/**
 * A retweet or mention network computed here from the raw tweets: its edges weighted and in the API's order
 * (heaviest first, then by source and target), and their connected components (direction ignored)
 * as the network view orders them: most users, then most edges, then where their heaviest edge is.
 */
record RawNetwork(List<List<Long>> edges, Map<List<Long>, Long> weights) {
  record Component(List<List<Long>> edges, Set<Long> users) {}

  static RawNetwork retweets(List<RawTweet> tweets) {
    Map<List<Long>, Long> weights = new HashMap<>();
    for (RawTweet t : tweets) {
      if (t.retweetOfUserId() != 0) {
        weights.merge(List.of(t.userId(), t.retweetOfUserId()), 1L, Long::sum);
      }
    }
    return ordered(weights);
  }

  /** Poster → each user mentioned, but the author a retweet retweets (that is its retweet edge). */
  static RawNetwork mentions(List<RawTweet> tweets) {
    Map<List<Long>, Long> weights = new HashMap<>();
    for (RawTweet t : tweets) {
      t.mentionIds().stream().filter(m -> m != t.retweetOfUserId())
          .forEach(m -> weights.merge(List.of(t.userId(), m), 1L, Long::sum));
    }
    return ordered(weights);
  }

  private static RawNetwork ordered(Map<List<Long>, Long> weights) {
    List<List<Long>> edges = new ArrayList<>(weights.keySet());
    edges.sort(Comparator.<List<Long>>comparingLong(e -> -weights.get(e)).thenComparingLong(e -> e.get(0))
        .thenComparingLong(e -> e.get(1)));
    return new RawNetwork(edges, weights);
  }

  /** The first {@code n} edges, as a cap keeps them. */
  RawNetwork heaviest(int n) {
    List<List<Long>> kept = edges.subList(0, Math.min(n, edges.size()));
    Map<List<Long>, Long> keptWeights = new HashMap<>();
    kept.forEach(e -> keptWeights.put(e, weights.get(e)));
    return new RawNetwork(List.copyOf(kept), keptWeights);
  }

  List<Component> components() {
    Map<Long, Long> parent = new HashMap<>();
    for (List<Long> e : edges) {
      e.forEach(u -> parent.putIfAbsent(u, u));
      long a = root(parent, e.get(0));
      long b = root(parent, e.get(1));
      parent.put(a, b);
    }
    Map<Long, Component> byRoot = new LinkedHashMap<>(); // in the order of each one's heaviest edge
    for (List<Long> e : edges) {
      Component c = byRoot.computeIfAbsent(root(parent, e.get(0)), r -> new Component(new ArrayList<>(), new HashSet<>()));
      c.edges().add(e);
      c.users().addAll(e);
    }
    List<Component> components = new ArrayList<>(byRoot.values());
    components.sort(Comparator.<Component>comparingInt(c -> -c.users().size()).thenComparingInt(c -> -c.edges().size()));
    return components;
  }

  /** Each user's weight: the weights of the edges given summed. */
  Map<Long, Long> userWeights(List<List<Long>> among) {
    Map<Long, Long> users = new HashMap<>();
    among.forEach(e -> e.stream().distinct().forEach(u -> users.merge(u, weights.get(e), Long::sum)));
    return users;
  }

  private static long root(Map<Long, Long> parent, long user) {
    while (parent.get(user) != user) {
      user = parent.get(user);
    }
    return user;
  }
}
