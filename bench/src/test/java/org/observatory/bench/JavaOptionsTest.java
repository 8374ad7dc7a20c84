package org.observatory.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JavaOptionsTest {
  /** The launcher's own file, from this module's directory. */
  private static final Path LAUNCHERS = Path.of("..").resolve(JavaOptions.LAUNCHERS);

  @Test
  void batchCommandsGetTheParallelCollectorLessInliningAndLaterCompilingAndTheServiceTheRest() {
    JavaOptions options = JavaOptions.launchers(LAUNCHERS);
    for (String batch : List.of("load", "stream", "reindex", "parse")) {
      assertThat(options.of(batch)).containsExactly("-Xmx4g", "-XX:+UseParallelGC", "-XX:FreqInlineSize=100",
          "-XX:MaxInlineLevel=9", "-XX:Tier4InvocationThreshold=50000", "-XX:Tier4CompileThreshold=60000",
          "-XX:Tier4BackEdgeThreshold=400000");
    }
    assertThat(options.of("server")).containsExactly("-Xmx4g");
    assertThat(options.of("generate")).containsExactly("-Xmx4g");
  }

  @Test
  void givenOptionsServeEveryCommandAndMoreFollowEach() {
    JavaOptions given = JavaOptions.forAll(JavaOptions.words(" -Xmx1g  -Dx=1 "));
    assertThat(given.of("load")).containsExactly("-Xmx1g", "-Dx=1");
    assertThat(given.plus(List.of("-Ddw.y=2")).of("server")).containsExactly("-Xmx1g", "-Dx=1", "-Ddw.y=2");
    assertThat(JavaOptions.launchers(LAUNCHERS).plus(List.of("-Ddw.y=2")).of("load")).endsWith("-XX:Tier4BackEdgeThreshold=400000", "-Ddw.y=2");
  }
}
