package org.observatory.testdata;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The shared real-tweet corpus ({@code ../shared/data/tweets}), read in place: its tweets are never
 * copied into this repository. Its location comes from the system property {@code observatory.data}
 * (set by the build) or the environment variable {@code OBSERVATORY_DATA}. Without it, real-data tests
 * are skipped — except under CI ({@code CI=true}), where they fail instead.
 */
public final class SharedData {
  public static final String DAY_2011 = "tweets.2011-09-28.json.gz";
  public static final String DAY_2013 = "tweets.2013-08-10.json.gz";
  public static final String DAY_2016 = "tweets.2016-01-06.json.gz";
  public static final String DAY_NL = "tweets.nl.2016-01-22.json.gz";

  private SharedData() {}

  /** The tweets directory; skips the calling test (fails it under CI) when it is absent. */
  public static Path tweetsDir() {
    Path dir = root().resolve("tweets");
    if (!Files.isDirectory(dir)) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail("the real-tweet corpus is required under CI but is missing at " + dir);
      }
      assumeTrue(false, "real-tweet corpus not found at " + dir);
    }
    return dir;
  }

  /** Real Jetstream events, as Bluesky's service sent them ({@code ../shared/data/bluesky}). */
  public static final String JETSTREAM_WINDOW = "jetstream-v1.2026-07-04.jsonl";
  public static final String JETSTREAM_GOLDEN = "jetstream-v1.golden.jsonl";

  /** A file of real Jetstream events; skips the calling test (fails it under CI) when it is absent. */
  public static Path blueskyFile(String name) {
    Path file = root().resolve("bluesky").resolve(name);
    if (!Files.isRegularFile(file)) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail("the real Jetstream events are required under CI but are missing at " + file);
      }
      assumeTrue(false, "real Jetstream events not found at " + file);
    }
    return file;
  }

  /** Every line of a file of real Jetstream events. */
  public static List<String> blueskyLines(String name) {
    try {
      return Files.readAllLines(blueskyFile(name), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Path file(String name) {
    return tweetsDir().resolve(name);
  }

  /** Every line of a corpus file; close the stream. */
  public static Stream<String> lines(String name) {
    try {
      BufferedReader reader = new BufferedReader(new InputStreamReader(
          new GZIPInputStream(Files.newInputStream(file(name))), StandardCharsets.UTF_8));
      return reader.lines().onClose(() -> {
        try {
          reader.close();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The first line of a corpus file that matches; fails the test when none does. */
  public static String firstLine(String name, Predicate<String> matching) {
    try (Stream<String> lines = lines(name)) {
      return lines.filter(matching).findFirst()
          .orElseThrow(() -> new AssertionError("no line of " + name + " matches"));
    }
  }

  public static List<String> allFiles() {
    return List.of(DAY_2011, DAY_2013, DAY_2016, DAY_NL);
  }

  private static Path root() {
    String configured = System.getProperty("observatory.data", System.getenv("OBSERVATORY_DATA"));
    return Path.of(configured != null ? configured : "../shared/data").toAbsolutePath().normalize();
  }
}
