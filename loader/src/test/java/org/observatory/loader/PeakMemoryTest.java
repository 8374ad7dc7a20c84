package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PeakMemoryTest {
  @Test
  void aSummarySaysThePeakResidentMemoryOfTheProcessThatLoaded() {
    assumeTrue(Files.exists(Path.of("/proc/self/status")), "only Linux says");
    long before = PeakMemory.residentBytes();
    byte[][] held = new byte[64][];
    for (int i = 0; i < held.length; i++) {
      held[i] = new byte[1 << 20];
      held[i][i] = 1; // touched, so resident
    }

    LoadSummary summary = new LoadSummary(new LoadCounters(), 1, 100, 1_000);

    assertThat(held[63][63]).isEqualTo((byte) 1);
    assertThat(summary.peakResidentBytes()).isGreaterThanOrEqualTo(before).isGreaterThan(64L << 20)
        .isLessThan(Runtime.getRuntime().maxMemory() + (2L << 30));
    assertThat(summary.toString()).endsWith(" peakMemoryMb=" + (summary.peakResidentBytes() >> 20));
  }
}
