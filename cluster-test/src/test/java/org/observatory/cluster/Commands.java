package org.observatory.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the project's own launchers as an operator would, each with its output kept in a log file. */
final class Commands {
  private Commands() {}

  /** Starts a command; its output (stdout and stderr) goes to {@code log}. */
  static Process start(Path log, Map<String, String> env, List<String> command) throws IOException {
    Files.createDirectories(log.getParent());
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    builder.environment().putAll(env);
    return builder.start();
  }

  /** Runs a command to its end, and fails the test with its last output lines unless it succeeds. */
  static void run(Path log, Map<String, String> env, long timeoutSeconds, List<String> command)
      throws IOException, InterruptedException {
    Process process = start(log, env, command);
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      throw new AssertionError(command + " ran over " + timeoutSeconds + " s; its output: " + tail(log));
    }
    assertThat(process.exitValue()).as(command + " failed; its output: " + tail(log)).isZero();
  }

  static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log);
    return "\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }
}
