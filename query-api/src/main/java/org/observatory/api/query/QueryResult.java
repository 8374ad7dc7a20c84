package org.observatory.api.query;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A query's answer — counts by key, or rows (users, edges) — and how it was computed.
 *
 * @param endExclusive the first instant after the window
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QueryResult(String query, Instant start, Instant endExclusive, Map<String, Long> counts,
    List<Map<String, Object>> rows, Meta meta) {

  /**
   * @param months the months of the window whose index tables exist, and were scanned
   * @param phase1Tweets distinct tweets phase 1 found
   * @param evaluation {@code index-only}, or {@code index+fetch} when phase 2 fetched the tweets in the service
   */
  public record Meta(List<String> months, long phase1Tweets, String evaluation, long millis) {}
}
