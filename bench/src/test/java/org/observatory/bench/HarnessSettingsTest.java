package org.observatory.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
  void theBulkLoadCannotBeLeftOutSinceItsStoreAnswersTheQueries() {
    assertThatThrownBy(() -> HarnessSettings.parse("--loads", "direct,stream"))
        .hasMessageContaining("--loads lists bulk");
    assertThatThrownBy(() -> HarnessSettings.parse("--loads", "bulk,fast"))
        .hasMessageContaining("--loads lists bulk");
  }
}
