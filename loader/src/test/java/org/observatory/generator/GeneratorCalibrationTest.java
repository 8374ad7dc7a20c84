package org.observatory.generator;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.testdata.SharedData;

/**
 * The generator against the real stream: a generated day measured beside the two real v1.1 days in
 * ../shared/data (2013-08-10 and 2016-01-06), each figure computed from the raw JSON of both the same way.
 * Where the two real days differ, the generated day may sit anywhere between them, with a margin.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GeneratorCalibrationTest {
  private final List<StreamProfile> real = new ArrayList<>();
  private StreamProfile generated;

  @BeforeAll
  void measure(@TempDir Path dir) throws Exception {
    for (String day : List.of(SharedData.DAY_2013, SharedData.DAY_2016)) {
      try (Stream<String> lines = SharedData.lines(day)) {
        real.add(StreamProfile.of(lines.toList()));
      }
    }
    Generator.Summary summary = Generator.write(GeneratorSettings.defaults(LocalDate.parse("2012-06-01"), 1, 8_000), dir);
    generated = StreamProfile.of(GeneratorTest.lines(summary.files().get(0)));
  }

  @Test
  void aStatusWeighsWhatARealOneDoesGzipped() {
    double realMean = real.stream().mapToDouble(StreamProfile::gzipBytesPerStatus).average().orElseThrow();
    assertThat(generated.gzipBytesPerStatus()).as("gzipped bytes per status; real: %s", real.stream()
        .map(StreamProfile::gzipBytesPerStatus).toList()).isBetween(realMean * 0.8, realMean * 1.2);
  }

  @Test
  void retweetsQuotesRepliesAndEntitiesComeInTheRealShares() {
    for (String share : real.get(0).shares().keySet()) {
      assertThat(generated.shares().get(share)).as("share of statuses %s; real: %s", share,
          real.stream().map(r -> r.shares().get(share)).toList()).isBetween(
          real.stream().mapToDouble(r -> r.shares().get(share)).min().orElseThrow() - 0.05,
          real.stream().mapToDouble(r -> r.shares().get(share)).max().orElseThrow() + 0.05);
    }
  }

  @Test
  void textsAreAsLongAndInTheSameScripts() {
    double realMedian = real.stream().mapToDouble(StreamProfile::medianOriginalTextLength).average().orElseThrow();
    assertThat(generated.medianOriginalTextLength()).as("median text length; real: %s",
        real.stream().map(StreamProfile::medianOriginalTextLength).toList())
        .isBetween(realMedian * 0.75, realMedian * 1.25);
    for (String script : StreamProfile.SCRIPTS) {
      assertThat(generated.scripts().get(script)).as("share of texts in %s; real: %s", script,
          real.stream().map(r -> r.scripts().get(script)).toList()).isBetween(
          real.stream().mapToDouble(r -> r.scripts().get(script)).min().orElseThrow() - 0.06,
          real.stream().mapToDouble(r -> r.scripts().get(script)).max().orElseThrow() + 0.06);
    }
  }

  @Test
  void usersAreWholeProfiles() {
    for (StreamProfile r : real) {
      assertThat(generated.userFields()).containsAll(r.userFields());
    }
  }
}
