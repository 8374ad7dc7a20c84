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
  /** Tweets not stored because their authors had deleted them. */
  public final LongAdder deletedSkipped = new LongAdder();
  /** Tweets not stored again because this input had just stored the same snapshot (same id and time). */
  public final LongAdder repeatsSkipped = new LongAdder();
  /** Stored tweets erased because a delete notice named them. */
  public final LongAdder erased = new LongAdder();
  /** Tweets stored again within one input: repeats from the stream, originals retweeted more than once. */
  public final LongAdder duplicates = new LongAdder();
  public final LongAdder blankLines = new LongAdder();
  public final LongAdder malformed = new LongAdder();
  private final Map<String, LongAdder> puts = new ConcurrentHashMap<>();

  /**
   * Counts what a parsed line held: a status (with its embedded originals), a delete notice, a notice.
   * Tweets left out or erased because they were deleted are counted as well, and again apart.
   */
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
    countPuts(source, 1);
  }

  public void countPuts(String source, long n) {
    puts.computeIfAbsent(source, k -> new LongAdder()).add(n);
  }

  /** Adds another's counts to these. */
  public void add(LoadCounters other) {
    lines.add(other.lines.sum());
    statuses.add(other.statuses.sum());
    embedded.add(other.embedded.sum());
    retweets.add(other.retweets.sum());
    deleteNotices.add(other.deleteNotices.sum());
    otherNotices.add(other.otherNotices.sum());
    deletedSkipped.add(other.deletedSkipped.sum());
    repeatsSkipped.add(other.repeatsSkipped.sum());
    erased.add(other.erased.sum());
    duplicates.add(other.duplicates.sum());
    blankLines.add(other.blankLines.sum());
    malformed.add(other.malformed.sum());
    other.puts().forEach(this::countPuts);
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
        + " otherNotices=" + otherNotices.sum() + " deletedSkipped=" + deletedSkipped.sum()
        + " repeatsSkipped=" + repeatsSkipped.sum() + " erased=" + erased.sum()
        + " duplicates=" + duplicates.sum() + " blank=" + blankLines.sum()
        + " malformed=" + malformed.sum() + " puts=" + puts();
  }
}
