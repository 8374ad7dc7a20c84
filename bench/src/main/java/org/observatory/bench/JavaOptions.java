package org.observatory.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The java options each of Observatory's commands runs with: the launcher's, read from the file it
 * reads ({@code deploy/java-options}: a command, or {@code *} for the rest, then its options), or one set
 * given for every command.
 */
public final class JavaOptions {
  /** The launcher's file, from the project's root (where bench/run.sh runs the harness). */
  public static final Path LAUNCHERS = Path.of("deploy", "java-options");
  private static final String EVERY_OTHER = "*";
  private final Map<String, List<String>> byCommand;

  private JavaOptions(Map<String, List<String>> byCommand) {
    this.byCommand = byCommand;
  }

  /** The options the launcher gives each command. */
  public static JavaOptions launchers(Path file) {
    Map<String, List<String>> byCommand = new HashMap<>();
    try {
      for (String line : Files.readAllLines(file)) {
        List<String> words = words(line);
        if (!words.isEmpty() && !words.get(0).startsWith("#")) {
          byCommand.put(words.get(0), words.subList(1, words.size()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the launcher's java options (run from the project's root, or "
          + "give --java-opts)", e);
    }
    if (!byCommand.containsKey(EVERY_OTHER)) {
      throw new IllegalArgumentException(file + " has no \"" + EVERY_OTHER + "\" line");
    }
    return new JavaOptions(byCommand);
  }

  /** The same options for every command. */
  public static JavaOptions forAll(List<String> options) {
    return new JavaOptions(Map.of(EVERY_OTHER, List.copyOf(options)));
  }

  /** Space-separated options, as on a command line. */
  public static List<String> words(String options) {
    return options.isBlank() ? List.of() : List.of(options.trim().split("\\s+"));
  }

  public List<String> of(String command) {
    return byCommand.getOrDefault(command, byCommand.get(EVERY_OTHER));
  }

  /** These options, each command's followed by {@code more}. */
  public JavaOptions plus(List<String> more) {
    Map<String, List<String>> longer = new HashMap<>();
    byCommand.forEach((command, options) -> {
      List<String> all = new ArrayList<>(options);
      all.addAll(more);
      longer.put(command, all);
    });
    return new JavaOptions(longer);
  }
}
