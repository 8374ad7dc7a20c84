package org.observatory.api.query.index;

import java.util.List;
import org.observatory.api.query.Sample;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.output.QueryResult;
import org.observatory.schemas.tables.Month;

/**
 * Phase 1 of a lookup: the matching tweets in time order (then id), the months scanned, and those left
 * out because their index cannot answer.
 */
public record Found(TweetHits tweets, List<Month> months, List<QueryResult.Skipped> skipped) {
  public int size() {
    return tweets.size();
  }

  /** Those of the tweets in the sample, in the same order. */
  public Found sampled(Sample sample) {
    return new Found(sample.of(tweets), months, skipped);
  }

  /** The hits in time order, with the months the index hits came from. */
  public static Found inTimeOrder(TweetHits tweets, IndexScanner.IndexHits from) {
    return new Found(tweets.inTimeOrder(), from.months(), from.skipped());
  }
}
