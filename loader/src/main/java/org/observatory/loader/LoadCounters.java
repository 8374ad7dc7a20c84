package org.observatory.loader;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.observatory.schemas.tweet.StreamItem;

/** What a load met and did: a {@link LoadCounter} each, and puts by source; safe to update from several threads. */
public final class LoadCounters {
  private final Map<LoadCounter, LongAdder> counts = new EnumMap<>(LoadCounter.class);
  private final Map<String, LongAdder> puts = new ConcurrentHashMap<>();

  public LoadCounters() {
    for (LoadCounter c : LoadCounter.values()) {
      counts.put(c, new LongAdder());
    }
  }

  public void increment(LoadCounter counter) {
    counts.get(counter).increment();
  }

  public void add(LoadCounter counter, long n) {
    counts.get(counter).add(n);
  }

  public long sum(LoadCounter counter) {
    return counts.get(counter).sum();
  }

  /**
   * Counts what a parsed line held: a status (with its embedded originals), a delete notice, a notice.
   * Tweets left out or erased because they were deleted are counted as well, and again apart.
   */
  public void count(StreamItem item) {
    if (item instanceof StreamItem.Status status) {
      increment(LoadCounter.STATUSES);
      add(LoadCounter.EMBEDDED, status.embedded().size());
      if (status.tweet().isRetweet()) {
        increment(LoadCounter.RETWEETS);
      }
    } else if (item instanceof StreamItem.DeleteNotice) {
      increment(LoadCounter.DELETE_NOTICES);
    } else {
      increment(LoadCounter.OTHER_NOTICES);
    }
  }

  /** Counts a put by its source: {@code tweets}, {@code users} or an index's name. */
  public void countPut(String source) {
    countPuts(source, 1);
  }

  public void countPuts(String source, long n) {
    puts.computeIfAbsent(source, k -> new LongAdder()).add(n);
  }

  /** Adds another's counts to these. */
  public void add(LoadCounters other) {
    other.counts.forEach((counter, n) -> add(counter, n.sum()));
    other.puts().forEach(this::countPuts);
  }

  /** Tweets written: statuses plus embedded originals. */
  public long tweets() {
    return sum(LoadCounter.STATUSES) + sum(LoadCounter.EMBEDDED);
  }

  /** Puts per source, in name order. */
  public Map<String, Long> puts() {
    Map<String, Long> sums = new TreeMap<>();
    puts.forEach((k, v) -> sums.put(k, v.sum()));
    return sums;
  }

  /** {@code lines=.. statuses=.. ... puts={..}}: every counter by its summary name. */
  @Override
  public String toString() {
    return Stream.of(LoadCounter.values()).map(c -> c.summaryName() + "=" + sum(c))
        .collect(Collectors.joining(" ")) + " puts=" + puts();
  }
}
