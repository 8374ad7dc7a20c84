package org.observatory.bench;

import java.util.Arrays;

/** The median the figures report: machines are noisy, and one slow run should not move a figure. */
final class Stats {
  private Stats() {}

  /** The median, to a tenth. */
  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double mid = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    return Math.round(mid * 10) / 10.0;
  }
}
