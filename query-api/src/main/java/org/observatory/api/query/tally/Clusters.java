package org.observatory.api.query.tally;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The coordinated groups: the connected components of the pairs kept, the largest first (ties to the
 * group with the lowest user id), numbered from 1.
 */
public final class Clusters {
  private final int[] numbers;
  private final List<List<Integer>> members;

  private Clusters(SimilarAccounts similar) {
    int n = similar.accountsKept();
    int[] parent = new int[n];
    for (int a = 0; a < n; a++) {
      parent[a] = a;
    }
    boolean[] paired = new boolean[n];
    for (SimilarAccounts.Pair pair : similar.pairs()) {
      paired[pair.first()] = paired[pair.second()] = true;
      int first = root(parent, pair.first());
      int second = root(parent, pair.second());
      parent[Math.max(first, second)] = Math.min(first, second);
    }
    List<List<Integer>> groups = new ArrayList<>();
    int[] groupOfRoot = new int[n];
    java.util.Arrays.fill(groupOfRoot, -1);
    for (int a = 0; a < n; a++) { // in user id order, so each group's members are too
      if (paired[a]) {
        int root = root(parent, a);
        if (groupOfRoot[root] < 0) {
          groupOfRoot[root] = groups.size();
          groups.add(new ArrayList<>());
        }
        groups.get(groupOfRoot[root]).add(a);
      }
    }
    groups.sort(Comparator.<List<Integer>>comparingInt(g -> -g.size()).thenComparingInt(g -> g.get(0)));
    numbers = new int[n];
    for (int g = 0; g < groups.size(); g++) {
      for (int a : groups.get(g)) {
        numbers[a] = g + 1;
      }
    }
    members = groups;
  }

  public static Clusters of(SimilarAccounts similar) {
    return new Clusters(similar);
  }

  private static int root(int[] parent, int a) {
    while (parent[a] != a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  }

  /** The cluster of a kept account (its place among the kept), from 1; 0 when it is in no pair. */
  public int of(int account) {
    return numbers[account];
  }

  /** Each cluster's accounts, by their place among the kept, in user id order; the largest cluster first. */
  public List<List<Integer>> members() {
    return members;
  }
}
