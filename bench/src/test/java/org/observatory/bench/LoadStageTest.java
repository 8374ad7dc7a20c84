package org.observatory.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LoadStageTest {
  private static Corpus ofBytes(long bytes) {
    return new Corpus("corpus", List.of(), bytes, null);
  }

  @Test
  void theCeilingReadsAboutHalfAGigabyteInAtMostFivePasses() {
    assertThat(LoadStage.ceilingPasses(ofBytes(95_000_000))).isEqualTo(5);
    assertThat(LoadStage.ceilingPasses(ofBytes(200_000_000))).isEqualTo(3);
    assertThat(LoadStage.ceilingPasses(ofBytes(3_800_000_000L))).isEqualTo(1);
    assertThat(LoadStage.ceilingPasses(ofBytes(0))).isEqualTo(5);
  }
}
