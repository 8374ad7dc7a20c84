package org.observatory.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class HarnessSettingsTest {
  @Test
  void measuresEveryLoadUnlessToldOtherwise() {
    HarnessSettings all = HarnessSettings.parse();
    assertThat(all.measures("direct")).isTrue();
    assertThat(all.measures("stream")).isTrue();
    HarnessSettings bulkOnly = HarnessSettings.parse("--loads", "bulk");
    assertThat(bulkOnly.measures("bulk")).isTrue();
    assertThat(bulkOnly.measures("direct")).isFalse();
    assertThat(bulkOnly.measures("stream")).isFalse();
  }

  @Test
  void duckDbRunsAtItsWindowsUnlessToldNone() {
    assertThat(HarnessSettings.parse().peerWindows()).extracting(Window::name).containsExactly("3h", "1d", "4d", "16d");
    assertThat(HarnessSettings.parse("--peer-windows", "none").peerWindows()).isEmpty();
  }

  @Test
  void theEventStartsAWeekInOrAThirdOfTheWayIntoAShorterRunAndNeverOutsideTheDays() {
    assertThat(HarnessSettings.parse().eventStart()).isEqualTo(Instant.parse("2012-06-08T00:00:00Z"));
    assertThat(HarnessSettings.parse("--days", "6").eventStart()).isEqualTo(Instant.parse("2012-06-03T00:00:00Z"));
    assertThat(HarnessSettings.parse("--days", "1").eventStart()).isEqualTo(Instant.parse("2012-06-01T00:00:00Z"));
    assertThat(HarnessSettings.parse("--days", "6", "--event-start", "2012-06-06").eventStart())
        .isEqualTo(Instant.parse("2012-06-06T00:00:00Z"));
    assertThatThrownBy(() -> HarnessSettings.parse("--days", "6", "--event-start", "2012-06-08"))
        .hasMessageContaining("not among the 6 days generated from 2012-06-01");
    assertThatThrownBy(() -> HarnessSettings.parse("--event-start", "2012-05-31"))
        .hasMessageContaining("not among the 24 days");
  }

  @Test
  void theBulkLoadCannotBeLeftOutSinceItsStoreAnswersTheQueries() {
    assertThatThrownBy(() -> HarnessSettings.parse("--loads", "direct,stream"))
        .hasMessageContaining("--loads lists bulk");
    assertThatThrownBy(() -> HarnessSettings.parse("--loads", "bulk,fast"))
        .hasMessageContaining("--loads lists bulk");
  }

  @Test
  void eachLoadRunsThreeTimesUnlessToldOtherwiseAndAtLeastOnce() {
    assertThat(HarnessSettings.parse().loadRuns()).isEqualTo(3);
    assertThat(HarnessSettings.parse("--load-runs", "1").loadRuns()).isEqualTo(1);
    assertThatThrownBy(() -> HarnessSettings.parse("--load-runs", "0")).hasMessageContaining("--load-runs is 1 or more");
  }
}
