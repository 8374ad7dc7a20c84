package org.observatory.api.query.tally;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The pairs of accounts whose traces are at least {@code threshold} alike: the account × trace matrix
 * weighted by TF-IDF as scikit-learn's {@code TfidfVectorizer(sublinear_tf=True)} weights it (the
 * weight of a trace left c times by an account, of the n accounts kept d of which left it, is
 * (1 + ln c) · (1 + ln((1 + n) / (1 + d))), each account's row of unit length), then projected onto
 * the accounts: a pair's similarity is the cosine of their rows. Accounts that left fewer than {@code
 * minTraces} traces are left out before the weights are made.
 *
 * <p>The projection goes one account at a time (Gustavson's sparse product): the account's traces
 * that others share, through each trace's list of the accounts that left it, add into one accumulator
 * per other account. Memory grows with the accounts kept and the traces they left (the matrix, the
 * trace lists, one accumulator of the accounts' size) and the pairs kept — never with the pairs that
 * share a trace but fall short. Time grows with the sum of each shared trace's accounts squared.
 */
public final class SimilarAccounts {
  /** Cosines are sums of products; an account's own traces again make 0.9999999999999998. */
  private static final double ROUNDING = 1e-9;

  private final long[] ids;
  private final String[] names;
  private final long[] totals;
  private final int[][] traceNumbers;
  private final UserTraces traces;
  private final List<Pair> pairs = new ArrayList<>();
  private final int tracesKept;
  /** What the arrays of the weights and the comparison held, in bytes (headers left out). */
  private long bytes;

  /** Two accounts (by their place among the kept, the lower user id first), how alike, and how many traces they share. */
  public record Pair(int first, int second, double similarity, int shared) {
    /** Its fields and its reference in the list, about. */
    static final int BYTES = 40;
  }

  private SimilarAccounts(UserTraces traces, int minTraces, double threshold) {
    this.traces = traces;
    List<Map.Entry<Long, UserTraces.Account>> kept = traces.accounts().entrySet().stream()
        .filter(e -> e.getValue().total >= minTraces).sorted(Map.Entry.comparingByKey()).toList();
    int n = kept.size();
    ids = new long[n];
    names = new String[n];
    totals = new long[n];
    traceNumbers = new int[n][];
    int[][] counts = new int[n][];
    int[] accountsOf = new int[traces.traceCount()];
    for (int a = 0; a < n; a++) {
      UserTraces.Account account = kept.get(a).getValue();
      ids[a] = kept.get(a).getKey();
      names[a] = account.name;
      totals[a] = account.total;
      traceNumbers[a] = account.counts.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
      counts[a] = Arrays.stream(traceNumbers[a]).map(account.counts::get).toArray();
      for (int t : traceNumbers[a]) {
        accountsOf[t]++;
      }
    }
    int shared = 0;
    for (int d : accountsOf) {
      shared += d > 0 ? 1 : 0;
    }
    tracesKept = shared;
    long entries = Arrays.stream(traceNumbers).mapToLong(t -> t.length).sum();
    // ids, names and totals; trace numbers, counts and weights; each trace's count of accounts
    bytes = 24L * n + 16L * entries + 4L * accountsOf.length;
    double[][] weights = weights(counts, accountsOf, n);
    project(weights, accountsOf, threshold);
    bytes += (long) Pair.BYTES * pairs.size();
    pairs.sort(Comparator.comparingDouble((Pair p) -> -p.similarity()).thenComparingLong(p -> ids[p.first()])
        .thenComparingLong(p -> ids[p.second()]));
  }

  /** @param threshold above 0 up to 1 */
  public static SimilarAccounts of(UserTraces traces, int minTraces, double threshold) {
    return new SimilarAccounts(traces, minTraces, threshold);
  }

  /** Each kept account's row, TF-IDF weighted and of unit length, in its trace numbers' order. */
  private double[][] weights(int[][] counts, int[] accountsOf, int n) {
    double[][] weights = new double[n][];
    for (int a = 0; a < n; a++) {
      weights[a] = new double[counts[a].length];
      double squares = 0;
      for (int i = 0; i < counts[a].length; i++) {
        double idf = 1 + Math.log((1.0 + n) / (1.0 + accountsOf[traceNumbers[a][i]]));
        weights[a][i] = (1 + Math.log(counts[a][i])) * idf;
        squares += weights[a][i] * weights[a][i];
      }
      double length = Math.sqrt(squares);
      for (int i = 0; i < weights[a].length; i++) {
        weights[a][i] /= length;
      }
    }
    return weights;
  }

  private void project(double[][] weights, int[] accountsOf, double threshold) {
    int n = ids.length;
    // Each trace left by two or more kept accounts: the accounts, in their order, and their weights.
    int[] start = new int[accountsOf.length + 1];
    for (int t = 0; t < accountsOf.length; t++) {
      start[t + 1] = start[t] + (accountsOf[t] >= 2 ? accountsOf[t] : 0);
    }
    int[] members = new int[start[accountsOf.length]];
    double[] memberWeights = new double[members.length];
    int[] filled = Arrays.copyOf(start, accountsOf.length);
    for (int a = 0; a < n; a++) {
      for (int i = 0; i < traceNumbers[a].length; i++) {
        int t = traceNumbers[a][i];
        if (accountsOf[t] >= 2) {
          members[filled[t]] = a;
          memberWeights[filled[t]++] = weights[a][i];
        }
      }
    }
    double[] sums = new double[n];
    int[] sharedCounts = new int[n];
    int[] touched = new int[n];
    // the traces' lists of accounts and weights, where each starts and is filled to; one accumulator an account
    bytes += 12L * members.length + 8L * accountsOf.length + 16L * n;
    for (int a = 0; a < n; a++) {
      int reached = 0;
      for (int i = 0; i < traceNumbers[a].length; i++) {
        int t = traceNumbers[a][i];
        if (accountsOf[t] < 2) {
          continue;
        }
        // Only the accounts after this one: each pair is met once, from its first account.
        int from = Arrays.binarySearch(members, start[t], start[t + 1], a) + 1;
        for (int m = from; m < start[t + 1]; m++) {
          int other = members[m];
          if (sharedCounts[other]++ == 0) {
            touched[reached++] = other;
          }
          sums[other] += weights[a][i] * memberWeights[m];
        }
      }
      for (int r = 0; r < reached; r++) {
        int other = touched[r];
        if (sums[other] >= threshold - ROUNDING) {
          pairs.add(new Pair(a, other, Math.min(1.0, sums[other]), sharedCounts[other]));
        }
        sums[other] = 0;
        sharedCounts[other] = 0;
      }
    }
  }

  /** The pairs kept, the most alike first (ties by the first's user id, then the second's). */
  public List<Pair> pairs() {
    return pairs;
  }

  public long id(int account) {
    return ids[account];
  }

  /** The account's name in force: its latest matching tweet's. */
  public String name(int account) {
    return names[account];
  }

  /** How many traces the account left. */
  public long traces(int account) {
    return totals[account];
  }

  /** The traces both accounts of a pair left, in text order. */
  public List<String> shared(Pair pair) {
    int[] a = traceNumbers[pair.first()];
    int[] b = traceNumbers[pair.second()];
    List<String> both = new ArrayList<>();
    for (int i = 0, j = 0; i < a.length && j < b.length; ) {
      if (a[i] == b[j]) {
        both.add(traces.trace(a[i]));
        i++;
        j++;
      } else if (a[i] < b[j]) {
        i++;
      } else {
        j++;
      }
    }
    both.sort(null);
    return both;
  }

  /** The accounts that left at least {@code minTraces} traces. */
  public int accountsKept() {
    return ids.length;
  }

  /** What the weighting and the comparison held at most, in bytes: it grows with the accounts kept and their traces. */
  public long bytes() {
    return bytes;
  }

  /** The distinct traces the kept accounts left. */
  public int tracesKept() {
    return tracesKept;
  }
}
