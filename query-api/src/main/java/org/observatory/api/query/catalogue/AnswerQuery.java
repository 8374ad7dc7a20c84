package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.observatory.api.query.Progress;
import org.observatory.api.query.output.QueryResult;

/**
 * A query answered with counts or rows, in one {@link QueryResult}. It is answered in two steps so that
 * one answer can span platforms: its share of each platform asked is gathered from that platform's
 * tables, then the shares make the answer.
 *
 * @param <V> what a share holds: counts per hour, tallies, edges
 */
public non-sealed interface AnswerQuery<V> extends Query {
  /**
   * Phases 1 and 2 on one platform's tables.
   *
   * @param progress told how far a phase-2 MapReduce job has got, when one runs
   */
  Share<V> gather(Phases phases, Progress progress) throws IOException;

  /**
   * The answer made of each platform's share: one share, or one for each platform of {@code
   * platform=both}, in the order asked.
   *
   * @param began when the query began ({@link System#nanoTime})
   */
  QueryResult answer(List<Share<V>> shares, long began);

  /** The answer to this query: counts or rows (the other null), and how they were computed. */
  default QueryResult result(Map<String, Long> counts, List<Map<String, Object>> rows, QueryResult.Meta meta) {
    return new QueryResult(kind().apiName(), window().startInstant(), window().endInstant(), counts, rows, meta);
  }
}
