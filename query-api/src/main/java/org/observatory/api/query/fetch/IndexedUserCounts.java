package org.observatory.api.query.fetch;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.tally.Tally;

/**
 * user-post-count over months whose meme index carries the posters' user ids: the counts come from the
 * index cells alone; only each user's latest tweet is fetched, for the screen name that labels them.
 * Not thread-safe.
 */
public final class IndexedUserCounts {
  private final Map<String, Tally> tallies = new HashMap<>();
  /** user id → the id of their latest matching tweet, whose screen name labels them. */
  private final Map<Long, Long> latestTweet = new HashMap<>();
  private final Map<Long, Long> latestTime = new HashMap<>();

  public void add(long tweetId, long time, long userId) {
    tallies.merge(Long.toString(userId), Tally.one(time, null), Tally::merge);
    Long before = latestTime.get(userId);
    if (before == null || time > before || time == before && tweetId > latestTweet.get(userId)) {
      latestTime.put(userId, time);
      latestTweet.put(userId, tweetId);
    }
  }

  public boolean isEmpty() {
    return tallies.isEmpty();
  }

  /**
   * These counts merged with phase 2's tallies of the other months, each user labelled by their
   * latest matching tweet wherever it was found.
   */
  public Map<String, Tally> mergeWith(Map<String, Tally> fetched, TweetFetcher fetcher) throws IOException {
    Map<String, Tally> merged = new HashMap<>(fetched);
    tallies.forEach((user, tally) -> merged.merge(user, tally, Tally::merge));
    TweetHits toLabel = new TweetHits();
    merged.forEach((user, tally) -> {
      if (tally.label() == null) { // the latest tweet came from the index
        long userId = Long.parseLong(user);
        toLabel.add(latestTweet.get(userId), latestTime.get(userId));
      }
    });
    fetcher.fetch(toLabel, tweet -> merged.computeIfPresent(Long.toString(tweet.userId()),
        (user, tally) -> new Tally(tally.count(), tally.time(), tweet.screenName())));
    return merged;
  }
}
