package org.observatory.loader;

/**
 * The outcome of a load: its counters, its duration, the input size, and the peak resident memory of
 * the process that ran it (on YARN the tasks' memory is the cluster's to report).
 *
 * @param files the files read; 0 for a stream
 * @param inputBytes the files' size, or the lines a stream received
 */
public record LoadSummary(LoadCounters counters, int files, long inputBytes, long elapsedMillis, long peakResidentBytes) {
  /** A summary of a load that has just ended in this process. */
  public LoadSummary(LoadCounters counters, int files, long inputBytes, long elapsedMillis) {
    this(counters, files, inputBytes, elapsedMillis, PeakMemory.residentBytes());
  }

  /** Tweets written (statuses and embedded originals) per second. */
  public double tweetsPerSecond() {
    return elapsedMillis == 0 ? 0 : counters.tweets() * 1000.0 / elapsedMillis;
  }

  @Override
  public String toString() {
    return String.format("%s%.1f MB in %.1f s: %.0f tweets/s; %s peakMemoryMb=%d", files == 0 ? "" : files + " files, ",
        inputBytes / 1e6, elapsedMillis / 1000.0, tweetsPerSecond(), counters, peakResidentBytes >> 20);
  }
}
