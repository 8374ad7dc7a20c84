package org.observatory.api.query;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A query's answer: counts by key, and how it was computed.
 *
 * @param endExclusive the first instant after the window
 */
public record QueryResult(String query, Instant start, Instant endExclusive, Map<String, Long> counts, Meta meta) {

  /**
   * @param months the months of the window whose index tables exist, and were scanned
   * @param phase1Tweets distinct tweets phase 1 found
   * @param evaluation {@code index-only}, or how phase 2 ran
   */
  public record Meta(List<String> months, long phase1Tweets, String evaluation, long millis) {}
}
