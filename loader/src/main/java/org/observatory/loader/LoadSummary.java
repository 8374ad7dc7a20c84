package org.observatory.loader;

/** The outcome of a load: its counters, its duration and the input size. */
public record LoadSummary(LoadCounters counters, int files, long inputBytes, long elapsedMillis) {
  /** Tweets written (statuses and embedded originals) per second. */
  public double tweetsPerSecond() {
    return elapsedMillis == 0 ? 0 : counters.tweets() * 1000.0 / elapsedMillis;
  }

  @Override
  public String toString() {
    return String.format("%d files, %.1f MB in %.1f s: %.0f tweets/s; %s",
        files, inputBytes / 1e6, elapsedMillis / 1000.0, tweetsPerSecond(), counters);
  }
}
