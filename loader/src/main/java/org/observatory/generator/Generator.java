package org.observatory.generator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.GZIPOutputStream;

/**
 * Writes synthetic days of Twitter API v1.1 stream output, one {@code tweets.YYYY-MM-DD.json.gz} per
 * day. Days are generated one after another on this thread (so retweets can reach back across days
 * deterministically) and compressed on another, one day behind.
 */
public final class Generator {
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
    ExecutorService compressor = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "generator-gzip");
      t.setDaemon(true);
      return t;
    });
    List<Path> files = new ArrayList<>();
    Future<?> previous = null;
    try {
      for (int d = 0; d < settings.days(); d++) {
        LocalDate day = settings.firstDay().plusDays(d);
        ByteArrayOutputStream lines = new ByteArrayOutputStream(settings.tweetsPerDay() * 4000);
        generator.day(day, line -> {
          byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
          lines.write(bytes, 0, bytes.length);
          lines.write('\n');
        });
        Path file = dir.resolve("tweets." + day + ".json.gz");
        files.add(file);
        if (previous != null) {
          previous.get(); // one day in memory while the next is made: a day of 180,000 statuses is ~700 MB
        }
        previous = compressor.submit(() -> gzip(lines, file));
      }
      if (previous != null) {
        previous.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("generation interrupted", e);
    } catch (ExecutionException e) {
      throw new IOException("writing a generated file failed: " + e.getCause().getMessage(), e.getCause());
    } finally {
      compressor.shutdownNow();
    }
    return new Summary(files, generator.counts, (System.nanoTime() - start) / 1_000_000);
  }

  private static Void gzip(ByteArrayOutputStream lines, Path file) throws IOException {
    // gzip's default level, as archives are written: the input figures storage and load ratios are taken against
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file), 1 << 16)) {
      lines.writeTo(out);
    }
    return null;
  }
}
