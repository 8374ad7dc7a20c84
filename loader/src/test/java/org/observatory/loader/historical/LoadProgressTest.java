package org.observatory.loader.historical;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class LoadProgressTest {
  private static final long MB_100 = 100_000_000;

  @Test
  void saysTheShareOfTheInputReadTheRateAndTheTimeLeft() {
    LoadProgress progress = new LoadProgress(LoggerFactory.getLogger(getClass()), MB_100, false);

    assertThat(progress.line(25_000_000, 40_000, 0, 10_000))
        .isEqualTo("25% of 100.0 MB read, 40,000 tweets, 4,000 tweets/s, about 30 s left");
    assertThat(progress.line(MB_100 / 50, 1_000, 0, 12_000)).as("a retried task's counts starting again")
        .startsWith("25% of 100.0 MB read, 40,000 tweets, 3,333 tweets/s");
    assertThat(progress.line(MB_100, 160_000, 0, 40_000))
        .isEqualTo("input read, 160,000 tweets, 4,000 tweets/s; finishing the last writes");
  }

  @Test
  void aBulkLoadSaysThatSortingFollowsAndHowFarItHasGot() {
    LoadProgress progress = new LoadProgress(LoggerFactory.getLogger(getClass()), MB_100, true);

    assertThat(progress.line(0, 0, 0, 2_000)).isEqualTo("0% of 100.0 MB read, 0 tweets, 0 tweets/s");
    assertThat(progress.line(MB_100 / 100, 400, 0, 20_000))
        .endsWith("about 33 min 0 s left to read, then sorting into HFiles");
    assertThat(progress.line(MB_100, 90_000, 0.43, 30_000))
        .isEqualTo("input read, 90,000 tweets, 3,000 tweets/s; sorting into HFiles, 43%");
    assertThat(progress.line(MB_100, 90_000, 0.2, 45_000)).as("a retried reducer starting again")
        .endsWith("sorting into HFiles, 43%");
    assertThat(progress.line(MB_100, 90_000, 0.58, 50_000)).as("15 points in 20 s since the share was first seen")
        .endsWith("sorting into HFiles, 58%, about 56 s left");
    assertThat(progress.line(MB_100, 90_000, 1, 80_000)).endsWith("sorting into HFiles, 100%");
  }

  @Test
  void theSortingsShareIsTheMappersOutputTheReducersHaveTakenIn() {
    Counters counters = new Counters();
    assertThat(LoadProgress.sortedShare(counters)).isZero();
    counters.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).increment(4_000);
    counters.findCounter(TaskCounter.REDUCE_INPUT_RECORDS).increment(1_000);
    assertThat(LoadProgress.sortedShare(counters)).isEqualTo(0.25);
  }
}
