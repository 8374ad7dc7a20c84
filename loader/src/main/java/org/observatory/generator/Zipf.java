package org.observatory.generator;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Draws ranks 0..n-1 with probability proportional to 1/(rank+1)^exponent (inverse CDF, binary search). */
final class Zipf {
  private final double[] cdf;

  Zipf(int n, double exponent) {
    cdf = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += 1 / Math.pow(i + 1, exponent);
      cdf[i] = sum;
    }
    for (int i = 0; i < n; i++) {
      cdf[i] /= sum;
    }
  }

  int next(SplittableRandom random) {
    int i = Arrays.binarySearch(cdf, random.nextDouble());
    return Math.min(i < 0 ? -i - 1 : i, cdf.length - 1);
  }
}
