package org.observatory.api.query.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A query's answer — counts by key, or rows (users, edges) — and how it was computed.
 *
 * @param endExclusive the first instant after the window
 * @param coordination coordinated-accounts' clusters and what its similarities were made of; else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QueryResult(String query, Instant start, Instant endExclusive, Map<String, Long> counts,
    List<Map<String, Object>> rows, Meta meta, Coordination coordination) {

  public QueryResult(String query, Instant start, Instant endExclusive, Map<String, Long> counts,
      List<Map<String, Object>> rows, Meta meta) {
    this(query, start, endExclusive, counts, rows, meta, null);
  }

  /** How an answer from the index alone was computed. */
  public static final String INDEX_ONLY = "index-only";

  public static long millisSince(long nanoTime) {
    return (System.nanoTime() - nanoTime) / 1_000_000;
  }

  /**
   * @param months the months of the window whose index tables were scanned
   * @param phase1Tweets distinct tweets phase 1 found
   * @param evaluation {@code index-only}; for the content queries, how phase 2 ran: {@code index+fetch}
   *     in the service, {@code index+mapreduce} in a job, or {@code index+labels} when the index's user
   *     ids answered and only screen names were fetched
   * @param paths per scanned month, how it was answered, where months may differ (user-post-count);
   *     else null
   * @param skipped the months left out because their index cannot answer exactly
   * @param cuts how the answer was cut to the limits the query was given; empty when it is whole
   */
  public record Meta(List<String> months, long phase1Tweets, String evaluation, long millis,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, String> paths,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Skipped> skipped,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Cut> cuts) {
    public Meta(List<String> months, long phase1Tweets, String evaluation, long millis, List<Skipped> skipped) {
      this(months, phase1Tweets, evaluation, millis, null, skipped, List.of());
    }

    public Meta(List<String> months, long phase1Tweets, String evaluation, long millis, Map<String, String> paths,
        List<Skipped> skipped) {
      this(months, phase1Tweets, evaluation, millis, paths, skipped, List.of());
    }
  }

  /**
   * What coordinated-accounts' edges were made of, and the groups they form.
   *
   * @param accounts the accounts that left a trace in the matching tweets
   * @param accountsKept those that left at least {@code minTraces}, whose similarities were computed
   * @param traces the distinct traces the kept accounts left
   * @param similarityMillis how long weighting, projecting and clustering took, apart from reading the traces
   * @param similarityBytes what weighting and projecting held: the matrix's arrays, one accumulator per
   *     account kept, and the pairs kept
   * @param clusters the connected components of all the pairs kept (limit cuts only the rows), the largest first
   */
  public record Coordination(long accounts, long accountsKept, long traces, long pairs, long similarityMillis,
      long similarityBytes, List<Cluster> clusters) {}

  /** A coordinated group: its number (each edge's {@code cluster}) and its accounts, in user id order. */
  public record Cluster(int cluster, int size, List<Account> accounts) {}

  /** An account of a cluster: its id, its name in force in the window, and how many traces it left. */
  public record Account(long userId, String screenName, long traces) {}

  /** An answer cut to {@code kept} of its {@code of} nodes or edges ({@code what}), the first by the order it says. */
  public record Cut(String what, long kept, long of, String order) {}

  /** A month of the window whose index was not scanned, and why: its answer is not in the result. */
  public record Skipped(String month, String index, String reason) {}
}
