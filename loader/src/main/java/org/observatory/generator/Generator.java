package org.observatory.generator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes synthetic days of Twitter API v1.1 stream output, one {@code tweets.YYYY-MM-DD.json.gz} per
 * day. Days are generated one after another on this thread (so retweets can reach back across days
 * deterministically) and compressed on another ({@link GzipLines}).
 */
public final class Generator {
  /**
   * What a seed writes, by version: raised whenever the same settings come to write other bytes, so that a
   * corpus kept from before is not measured as if it were today's (2: the event's planted campaign; 3: statuses over 140 characters, truncated with {@code extended_tweet}).
   */
  public static final int VERSION = 3;

  private Generator() {}

  /** What a run wrote, and how fast. */
  public record Summary(List<Path> files, GenerationCounts counts, long elapsedMillis) {
    public double tweetsPerSecond() {
      return elapsedMillis == 0 ? 0 : counts.statuses * 1000.0 / elapsedMillis;
    }

    @Override
    public String toString() {
      return String.format("%d files in %.1f s: %.0f statuses/s; %s", files.size(), elapsedMillis / 1000.0,
          tweetsPerSecond(), counts);
    }
  }

  public static Summary write(GeneratorSettings settings, Path dir) throws IOException {
    long start = System.nanoTime();
    Files.createDirectories(dir);
    TweetGenerator generator = new TweetGenerator(settings);
    List<Path> files = new ArrayList<>();
    try (GzipLines out = new GzipLines()) {
      for (int d = 0; d < settings.days(); d++) {
        LocalDate day = settings.firstDay().plusDays(d);
        Path file = dir.resolve("tweets." + day + ".json.gz");
        files.add(file);
        out.start(file);
        generator.day(day, out::line);
        out.finish();
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return new Summary(files, generator.counts, (System.nanoTime() - start) / 1_000_000);
  }
}
