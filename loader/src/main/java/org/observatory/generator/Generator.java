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
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * Writes synthetic days of Twitter API v1.1 stream output, one {@code tweets.YYYY-MM-DD.json.gz} per
 * day. Days are generated one after another on this thread (so retweets can reach back across days
 * deterministically) and compressed on another.
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
    List<Future<?>> writes = new ArrayList<>();
    try {
      for (int d = 0; d < settings.days(); d++) {
        LocalDate day = settings.firstDay().plusDays(d);
        ByteArrayOutputStream lines = new ByteArrayOutputStream(settings.tweetsPerDay() * 3000);
        generator.day(day, line -> {
          byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
          lines.write(bytes, 0, bytes.length);
          lines.write('\n');
        });
        Path file = dir.resolve("tweets." + day + ".json.gz");
        files.add(file);
        writes.add(compressor.submit(() -> gzip(lines, file)));
      }
      for (Future<?> write : writes) {
        write.get();
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
    try (OutputStream out = new FastGzip(Files.newOutputStream(file))) {
      lines.writeTo(out);
    }
    return null;
  }

  /** gzip at the fastest level: generated data is rewritten often, read rarely. */
  private static final class FastGzip extends GZIPOutputStream {
    FastGzip(OutputStream out) throws IOException {
      super(out, 1 << 16);
      def.setLevel(Deflater.BEST_SPEED);
    }
  }
}
