package org.observatory.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The index benchmark's "index of old" is the shipped specification less the meme index's user ids only. */
class ReindexBenchTest {
  @Test
  void leavesOutTheMemeIndexsUserIdsAndNothingElse() throws Exception {
    String shipped = Files.readString(Path.of("..").resolve(
        "schemas/src/main/resources/org/observatory/schemas/index/default-index-spec.yaml"));
    String old = ReindexBench.withoutMemeUserIds(shipped);

    String memeOf = old.substring(old.indexOf("- name: meme\n"), old.indexOf("- name: text\n"));
    assertThat(memeOf).contains("{field: hashtags").doesNotContain("value:");
    assertThat(old.replace(memeOf, "")).isEqualTo(shipped.replace(
        shipped.substring(shipped.indexOf("- name: meme\n"), shipped.indexOf("- name: text\n")), ""));
    assertThat(old).contains("value: user.id"); // the retweet index keeps its own
    assertThatThrownBy(() -> ReindexBench.withoutMemeUserIds(old)).hasMessageContaining("no user ids");
  }
}
