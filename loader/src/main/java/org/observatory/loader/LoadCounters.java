package org.observatory.loader;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.observatory.schemas.tweet.StreamItem;

/** What a load met and did; safe to update from several threads. */
public final class LoadCounters {
  public final LongAdder lines = new LongAdder();
  /** Statuses that were lines of their own. */
  public final LongAdder statuses = new LongAdder();
  /** Originals embedded in retweets and quotes, stored as tweets of their own. */
  public final LongAdder embedded = new LongAdder();
  public final LongAdder retweets = new LongAdder();
  public final LongAdder deleteNotices = new LongAdder();
  /** Other stream messages: limit, scrub_geo, status_withheld, ... */
  public final LongAdder otherNotices = new LongAdder();
  public final LongAdder blankLines = new LongAdder();
  public final LongAdder malformed = new LongAdder();
  private final Map<String, LongAdder> puts = new ConcurrentHashMap<>();

  /** Counts what a parsed line held: a status (with its embedded originals), a delete notice, a notice. */
  public void count(StreamItem item) {
    if (item instanceof StreamItem.Status status) {
      statuses.increment();
      embedded.add(status.embedded().size());
      if (status.tweet().isRetweet()) {
        retweets.increment();
      }
    } else if (item instanceof StreamItem.DeleteNotice) {
      deleteNotices.increment();
    } else {
      otherNotices.increment();
    }
  }

  /** Counts a put by its source: {@code tweets}, {@code users} or an index's name. */
  public void countPut(String source) {
    puts.computeIfAbsent(source, k -> new LongAdder()).increment();
  }

  /** Tweets written: statuses plus embedded originals. */
  public long tweets() {
    return statuses.sum() + embedded.sum();
  }

  /** Puts per source, in name order. */
  public Map<String, Long> puts() {
    Map<String, Long> sums = new TreeMap<>();
    puts.forEach((k, v) -> sums.put(k, v.sum()));
    return sums;
  }

  @Override
  public String toString() {
    return "lines=" + lines.sum() + " statuses=" + statuses.sum() + " embedded=" + embedded.sum()
        + " retweets=" + retweets.sum() + " deleteNotices=" + deleteNotices.sum()
        + " otherNotices=" + otherNotices.sum() + " blank=" + blankLines.sum()
        + " malformed=" + malformed.sum() + " puts=" + puts();
  }
}
