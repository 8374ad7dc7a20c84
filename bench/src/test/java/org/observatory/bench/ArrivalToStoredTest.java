package org.observatory.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArrivalToStoredTest {
  /** A progress line as the daemon logs it, {@code second} seconds after 12:00:00. */
  private static String progress(int second, long lagMs, long p99Ms) {
    return String.format("INFO  [2026-11-28 12:%02d:%02d,250] org.observatory.loader.stream.StreamLoader: stream: "
        + "4998 lines/s accepted (1 min), 10 statuses and 1 delete notices stored, spool 11 KB in 1 segments, "
        + "lag %d ms, arrival-to-stored p99 (1 min) %d ms", second / 60, second % 60, lagMs, p99Ms);
  }

  /** A segment's line as the daemon logs it at DEBUG, {@code second} seconds after 12:00:00. */
  private static String segment(int second, int millisInSecond, long ms) {
    return String.format("DEBUG [2026-11-28 12:%02d:%02d,%03d] org.observatory.loader.stream.StreamLoader: segment stored, "
        + "arrival-to-stored %d ms", second / 60, second % 60, millisInSecond, ms);
  }

  @Test
  void theSteadyStateIsEverythingAMinuteAfterTheColdStartsBacklogWasCleared() {
    List<String> log = new ArrayList<>();
    log.add("WARN  [2026-11-28 11:59:50,000] org.apache.hadoop.hbase.ZNodeClearer: starting");
    log.add(progress(10, 300, 400)); // before the JIT's backlog builds up
    log.add(progress(20, 8_000, 9_000));
    log.add(progress(30, 9_500, 9_800));
    log.add("  a continuation line without a stamp");
    log.add(progress(40, 200, 9_800)); // caught up: the steady state's minutes begin from 12:01:40
    for (int s = 50; s <= 230; s += 10) {
      log.add(progress(s, s == 150 ? 1_200 : 100, s < 100 ? 9_800 : s == 150 ? 1_800 : 700));
    }
    log.add(segment(90, 0, 9_000)); // the cold start's
    for (int i = 0; i < 100; i++) { // the steady state's: one slow segment in a hundred
      log.add(segment(100 + i, 500, i == 50 ? 2_500 : 600));
    }
    assertThat(ArrivalToStored.of(log)).isEqualTo(new ArrivalToStored(9_800, 600, 1_800));
  }

  @Test
  void theSteadyP99IsTheSegmentsNinetyNinthPercentile() {
    List<String> log = new ArrayList<>(List.of(progress(10, 0, 900)));
    for (int i = 0; i < 200; i++) { // two slow segments in a hundred
      log.add(segment(70 + i / 4, 250 * (i % 4), i % 50 == 7 ? 3_000 : 400 + i));
    }
    log.add(progress(120, 0, 3_000));
    assertThat(ArrivalToStored.of(log)).isEqualTo(new ArrivalToStored(900, 3_000, 3_000));
  }

  @Test
  void aDaemonThatNeverFellBehindIsSteadyAMinuteAfterItsFirstLine() {
    List<String> log = List.of(progress(10, 200, 900), progress(40, 300, 950), progress(70, 100, 600),
        progress(80, 0, 500));
    assertThat(ArrivalToStored.of(log)).as("no segment lines: no steady p99").isEqualTo(new ArrivalToStored(950, -1, 600));
  }

  @Test
  void aRunThatNeverCaughtUpOrLoggedNothingHasNoSteadyState() {
    assertThat(ArrivalToStored.of(List.of(progress(10, 4_000, 5_000), progress(200, 9_000, 9_500))))
        .isEqualTo(new ArrivalToStored(9_500, -1, -1));
    assertThat(ArrivalToStored.of(List.of("no progress at all"))).isEqualTo(new ArrivalToStored(-1, -1, -1));
  }
}
