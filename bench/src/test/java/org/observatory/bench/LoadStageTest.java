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

  private static CommandSummary load(double seconds, long tweetsPerSecond, long peakMb) {
    return new CommandSummary("twitter: 20 files, 159.0 MB in " + seconds + " s: " + tweetsPerSecond
        + " tweets/s; lines=353923 erased=6467 puts={tweets=447810} peakMemoryMb=" + peakMb);
  }

  @Test
  void aLoadsFiguresAreThoseOfItsMiddleRunAndItsMemoryTheHighest() {
    LoadStage.Rate rate = LoadStage.Rate.median(
        List.of(load(60.0, 7400, 2800), load(53.1, 8646, 2848), load(58.9, 7804, 2700)), 77_000);
    assertThat(rate.seconds()).isEqualTo(58.9);
    assertThat(rate.tweetsPerSecond()).isEqualTo(7804);
    assertThat(rate.ratioToCeiling()).isEqualTo(0.101);
    assertThat(rate.peakMemoryMb()).isEqualTo(2848);
    assertThat(rate.runSeconds()).containsExactly(60.0, 53.1, 58.9);
  }
}
