package org.observatory.bench;

import java.util.List;
import java.util.OptionalLong;

/**
 * A query's time against the tweets its phase 1 found, fitted by least squares over several windows: a
 * fixed cost and a cost per thousand tweets. Two such lines say where one way of running phase 2 starts to
 * beat another.
 *
 * @param points the windows it was fitted to; NaN costs when fewer than two distinct tweet counts
 */
public record CostLine(double fixedMs, double msPerThousandTweets, int points) {

  public static CostLine fit(List<QueryStage.Timing> timings) {
    int n = timings.size();
    double meanX = timings.stream().mapToDouble(t -> t.phase1Tweets() / 1000.0).average().orElse(0);
    double meanY = timings.stream().mapToDouble(QueryStage.Timing::medianMs).average().orElse(0);
    double sxx = 0;
    double sxy = 0;
    for (QueryStage.Timing t : timings) {
      double dx = t.phase1Tweets() / 1000.0 - meanX;
      sxx += dx * dx;
      sxy += dx * (t.medianMs() - meanY);
    }
    if (sxx == 0) {
      return new CostLine(Double.NaN, Double.NaN, n);
    }
    double slope = sxy / sxx;
    return new CostLine(round(meanY - slope * meanX), round(slope), n);
  }

  /**
   * The tweets beyond which {@code this}, dearer to start, becomes cheaper than {@code cheaperToStart};
   * empty when it never does (its cost per tweet is no lower).
   */
  public OptionalLong overtakes(CostLine cheaperToStart) {
    double saved = cheaperToStart.msPerThousandTweets - msPerThousandTweets;
    if (!(saved > 0)) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Math.max(0, Math.round((fixedMs - cheaperToStart.fixedMs) / saved * 1000)));
  }

  private static double round(double ms) {
    return Math.round(ms * 1000) / 1000.0;
  }
}
