package org.observatory.loader.historical;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.observatory.mapreduce.JobRunner;
import org.slf4j.Logger;

/**
 * A historical load's progress as its log tells it: the share of the input's bytes read and the tweets
 * read so far, which only move forward, their rate, and the time left to read the rest; then, in bulk
 * mode, the sorting into HFiles. MapReduce's own progress is no guide: the local runner's map progress
 * jumps to 100 % within seconds and falls back as tasks start, and its reduce progress went from 39 % to
 * 100 % and back to 45 % while 11 million tweets were sorted. The sorting's share is the cells the
 * reducers have taken in of those the mappers put out or, sorted in the load's process, the work of
 * the cells merged into HFiles (their bytes and their number, {@link CellSorter#writtenShare}); its
 * time left is told from how fast the share has moved since it was first seen.
 */
final class LoadProgress implements JobRunner.Watcher {
  /** Live counters the tasks add to as they read (the load's own counters arrive only as tasks end). */
  static final String GROUP = "Observatory progress";
  static final String INPUT_BYTES = "input bytes read";
  static final String TWEETS = "tweets read";

  private final Logger log;
  private final long inputBytes;
  private final boolean sortsAfterwards;
  private final long startNanos = System.nanoTime();
  private double shown;
  private long tweetsShown;
  private double sorted;
  /** When the sorting's share was first seen above nothing, and what it was then (-1: not yet). */
  private double sortSeenSeconds = -1;
  private double sortSeenShare;

  /**
   * @param inputBytes the size of every input file together
   * @param sortsAfterwards whether the tasks' output is sorted once the input is read (bulk mode)
   */
  LoadProgress(Logger log, long inputBytes, boolean sortsAfterwards) {
    this.log = log;
    this.inputBytes = inputBytes;
    this.sortsAfterwards = sortsAfterwards;
  }

  @Override
  public void progress(Job job) throws IOException, InterruptedException {
    Counters counters = job.getCounters();
    if (counters != null) {
      log.info("{}: {}", job.getJobName(), line(value(counters, INPUT_BYTES), value(counters, TWEETS),
          sortedShare(counters), (System.nanoTime() - startNanos) / 1_000_000));
    }
  }

  /** The share of the mappers' output the reducers have taken in (nothing before every map is done). */
  static double sortedShare(Counters counters) {
    long out = counters.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue();
    long in = counters.findCounter(TaskCounter.REDUCE_INPUT_RECORDS).getValue();
    return out == 0 ? 0 : Math.min(1, in / (double) out);
  }

  /** What the log says after {@code elapsedMillis}, given what the counters say. */
  String line(long bytesRead, long tweets, double sortedNow, long elapsedMillis) {
    // never backwards: a task that is tried again starts its counts from nothing
    shown = Math.max(shown, inputBytes == 0 ? 1 : Math.min(1, bytesRead / (double) inputBytes));
    tweetsShown = Math.max(tweetsShown, tweets);
    sorted = Math.max(sorted, sortedNow);
    double seconds = Math.max(elapsedMillis, 1) / 1000.0;
    String sofar = String.format("%,d tweets, %,.0f tweets/s", tweetsShown, tweetsShown / seconds);
    if (shown < 1) {
      String left = shown == 0 ? "" : ", about " + duration(seconds * (1 - shown) / shown) + " left"
          + (sortsAfterwards ? " to read, then sorting into HFiles" : "");
      return String.format("%.0f%% of %.1f MB read, %s%s", shown * 100, inputBytes / 1e6, sofar, left);
    }
    if (!sortsAfterwards) {
      return "input read, " + sofar + "; finishing the last writes";
    }
    if (sorted > 0 && sortSeenSeconds < 0) {
      sortSeenSeconds = seconds;
      sortSeenShare = sorted;
    }
    String left = sorted > sortSeenShare && sorted < 1
        ? ", about " + duration((seconds - sortSeenSeconds) * (1 - sorted) / (sorted - sortSeenShare)) + " left" : "";
    return "input read, " + sofar + String.format("; sorting into HFiles, %.0f%%", sorted * 100.0) + left;
  }

  private static String duration(double seconds) {
    long s = Math.round(seconds);
    return s < 60 ? s + " s" : s < 3600 ? (s / 60) + " min " + (s % 60) + " s" : (s / 3600) + " h " + (s % 3600 / 60) + " min";
  }

  private static long value(Counters counters, String name) {
    Counter counter = counters.getGroup(GROUP).findCounter(name, false);
    return counter == null ? 0 : counter.getValue();
  }
}
