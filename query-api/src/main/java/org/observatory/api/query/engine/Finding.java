package org.observatory.api.query.engine;

import java.util.ArrayList;
import java.util.List;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.catalogue.Share;
import org.observatory.api.query.index.Found;
import org.observatory.api.query.output.QueryResult;

/**
 * Phase 1 of a lookup on each platform asked: what each found, in time order. Across platforms each
 * month and each skipped month is named with its platform ({@code bluesky 2026-07}).
 */
public record Finding(List<QueryEngine> engines, List<Found> found) {
  public long size() {
    return found.stream().mapToLong(Found::size).sum();
  }

  TweetHits tweets(int platform) {
    return found.get(platform).tweets();
  }

  public List<String> months() {
    List<String> months = new ArrayList<>();
    for (int p = 0; p < found.size(); p++) {
      String platform = label(p);
      found.get(p).months().forEach(month -> months.add(platform + month));
    }
    return months;
  }

  public List<QueryResult.Skipped> skipped() {
    List<QueryResult.Skipped> skipped = new ArrayList<>();
    for (int p = 0; p < found.size(); p++) {
      String platform = label(p);
      found.get(p).skipped().forEach(s -> skipped.add(new QueryResult.Skipped(platform + s.month(), s.index(),
          s.reason())));
    }
    return skipped;
  }

  private String label(int platform) {
    return Share.prefix(engines.get(platform).platform(), found.size() > 1);
  }

  /** Every tweet found, as {platform, index}, in time order, then by platform (ties across platforms). */
  List<int[]> inTimeOrder() {
    List<int[]> order = new ArrayList<>();
    int[] next = new int[found.size()];
    while (true) {
      int best = -1;
      for (int p = 0; p < found.size(); p++) {
        if (next[p] < tweets(p).size() && (best < 0 || tweets(p).time(next[p]) < tweets(best).time(next[best]))) {
          best = p;
        }
      }
      if (best < 0) {
        return order;
      }
      order.add(new int[] {best, next[best]++});
    }
  }
}
