package org.observatory.loader;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.observatory.indexer.IndexPlacement;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tweet.Tweet;

/**
 * The tweets whose declarative index entries an input put lately, each as its id and its author's
 * screen name: an entry is made of what a tweet keeps (text, entities, ids, time) and that name alone,
 * so a tweet seen again with the same name would put the same cells again. A retweeted original
 * comes back in every retweet of it, a quarter of the tweets of a day. A fixed table of 12 MB: a tweet
 * that a later one pushed out is indexed again, which is harmless. Not thread-safe.
 */
public final class IndexedTweets {
  private static final int SLOT_BITS = 20;
  private final long[] ids = new long[1 << SLOT_BITS];
  private final int[] names = new int[1 << SLOT_BITS];
  /** Each month's index tables (and rebuild definitions), as the entries remembered were put into. */
  private final Map<Month, List<IndexPlacement.Target>> placement = new HashMap<>();

  /** Whether the tweet's entries were put under the same screen name (and into the same tables). */
  boolean contains(Tweet tweet) {
    int slot = slot(tweet.id());
    return ids[slot] == tweet.id() && names[slot] == name(tweet);
  }

  void add(Tweet tweet) {
    int slot = slot(tweet.id());
    ids[slot] = tweet.id();
    names[slot] = name(tweet);
  }

  /**
   * Where a batch's months' entries go now; when any month's go elsewhere than before (a rebuild began or
   * ended), every tweet is forgotten, so that its entries reach the new tables too.
   */
  void placedAs(Map<Month, List<IndexPlacement.Target>> targets) {
    targets.forEach((month, now) -> {
      List<IndexPlacement.Target> before = placement.put(month, now);
      if (before != null && !before.equals(now)) {
        forget();
      }
    });
  }

  /** Forgets every tweet: after a failed write, whose entries may never have been stored. */
  public void forget() {
    Arrays.fill(ids, 0L);
  }

  private static int name(Tweet tweet) {
    return Objects.hashCode(tweet.user().screenName());
  }

  /** Snowflake ids differ mostly in their high bits (time): a multiplicative hash spreads them. */
  private static int slot(long id) {
    return (int) ((id * 0x9E3779B97F4A7C15L) >>> (64 - SLOT_BITS));
  }
}
