package org.observatory.api.query.catalogue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.observatory.api.query.output.QueryResult;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.Platform;

/**
 * One platform's share of an answer: what the answer is made from, read from that platform's tables,
 * and what was read. Shares of different platforms add up exactly: a tweet and a post are never the
 * same, and their user ids never collide (Bluesky's lie above 2^62).
 *
 * @param values the query's own: counts per hour, tallies, edges
 */
public record Share<V>(V values, Read read) {
  /**
   * What a share read, for the answer's metadata ({@link QueryResult.Meta}).
   *
   * @param tweets distinct tweets phase 1 found
   * @param paths per month, how it was answered where months may differ; else null
   */
  public record Read(Platform platform, List<Month> months, long tweets, String evaluation,
      Map<Month, String> paths, List<QueryResult.Skipped> skipped) {
    /** Read from the index alone. */
    static Read indexOnly(Platform platform, List<Month> months, long tweets, List<QueryResult.Skipped> skipped) {
      return new Read(platform, months, tweets, QueryResult.INDEX_ONLY, null, skipped);
    }
  }

  /** What names a month as a platform's in an answer that spans several ({@code "bluesky "}); else nothing. */
  public static String prefix(Platform platform, boolean several) {
    return several ? platform.apiName() + " " : "";
  }

  /**
   * The metadata of an answer made of these shares. Where it spans platforms, each month and each
   * skipped month is named with its platform ({@code bluesky 2026-07}).
   */
  static QueryResult.Meta meta(List<? extends Share<?>> shares, long began, List<QueryResult.Cut> cuts) {
    boolean several = shares.size() > 1;
    List<String> months = new ArrayList<>();
    List<QueryResult.Skipped> skipped = new ArrayList<>();
    Set<String> evaluations = new LinkedHashSet<>();
    Map<String, String> paths = null;
    long tweets = 0;
    for (Share<?> share : shares) {
      Read read = share.read();
      String platform = prefix(read.platform(), several);
      read.months().forEach(month -> months.add(platform + month));
      read.skipped().forEach(s -> skipped.add(new QueryResult.Skipped(platform + s.month(), s.index(), s.reason())));
      evaluations.add(read.evaluation());
      tweets += read.tweets();
      if (read.paths() != null) {
        paths = paths == null ? new LinkedHashMap<>() : paths;
        for (Map.Entry<Month, String> path : read.paths().entrySet()) {
          paths.put(platform + path.getKey(), path.getValue());
        }
      }
    }
    return new QueryResult.Meta(months, tweets, String.join(",", evaluations), QueryResult.millisSince(began), paths,
        skipped, cuts);
  }
}
