package org.observatory.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/operations.md's current figures are what `bench/run.sh figures` makes from the run they name, and
 * no doc quotes a storage figure of its own beside them.
 */
class CurrentFiguresTest {
  private static final Path ROOT = Path.of("..");
  private static final Pattern BYTES_A_TWEET = Pattern.compile("[0-9][0-9.,]* bytes (a|per) tweet");

  @Test
  void theCurrentFiguresAreGeneratedFromTheRunTheyName() throws Exception {
    String doc = Files.readString(ROOT.resolve(CurrentFigures.OPERATIONS));
    String run = CurrentFigures.namedRun(doc);
    Harness.Results results = CurrentFigures.read(ROOT.resolve("docs").resolve(run));

    assertThat(CurrentFigures.currentBlock(doc)).isEqualTo(CurrentFigures.block(results, run));
    assertThat(CurrentFigures.currentBlock(doc)).contains(results.storage().bytesPerTweet() + " bytes per tweet");
  }

  @Test
  void callsARunOfAnotherSizeByItsOptionsNotTheDefaultSize() {
    assertThat(CurrentFigures.size(HarnessSettings.parse())).startsWith("at its default size, 24 generated days");
    assertThat(CurrentFigures.size(HarnessSettings.parse("--days", "20", "--per-day", "10000")))
        .startsWith("with `--days 20 --per-day 10000`, 20 generated days");
  }

  @Test
  void noDocQuotesBytesATweetBesideTheCurrentFigures() throws Exception {
    String operations = Files.readString(ROOT.resolve(CurrentFigures.OPERATIONS));
    String outside = operations.replace(CurrentFigures.currentBlock(operations), "");
    for (String text : List.of(outside, Files.readString(ROOT.resolve("README.md")),
        Files.readString(ROOT.resolve("docs/api.md")), Files.readString(ROOT.resolve("docs/architecture.md")))) {
      Matcher quoted = BYTES_A_TWEET.matcher(text);
      assertThat(quoted.find() ? quoted.group() : null).as("a storage figure outside the current figures").isNull();
    }
  }
}
