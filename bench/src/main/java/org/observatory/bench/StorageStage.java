package org.observatory.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Storage, measured: bytes on disk per stored tweet for each kind of table (every month and revision
 * summed), against the gzipped input. The load's clean stop has flushed the regions; the HFiles are as the
 * load wrote them, not compacted.
 */
public final class StorageStage {
  private StorageStage() {}

  /** One kind of table (tweets, users, index-meme, ...): its bytes, and per stored tweet. */
  public record Table(long bytes, double bytesPerTweet) {}

  public record Figures(long tweets, Map<String, Table> tables, long totalBytes, double bytesPerTweet,
      double inputBytesPerTweet, double ratioToInput) {}

  public static Figures measure(Store store, long tweets, long inputBytes) throws IOException {
    Map<String, Long> kinds = new TreeMap<>();
    try (Stream<Path> tables = Files.list(store.tablesDir())) {
      for (Path table : (Iterable<Path>) tables::iterator) {
        String kind = table.getFileName().toString().replaceFirst("(\\.r\\d+)?-\\d{4}-\\d{2}$", "");
        kinds.merge(kind, bytes(table), Long::sum);
      }
    }
    long total = kinds.values().stream().mapToLong(Long::longValue).sum();
    Map<String, Table> perKind = new TreeMap<>();
    kinds.forEach((kind, bytes) -> perKind.put(kind, new Table(bytes, round(bytes / (double) tweets))));
    return new Figures(tweets, perKind, total, round(total / (double) tweets), round(inputBytes / (double) tweets),
        Math.round(total * 100.0 / inputBytes) / 100.0);
  }

  /** The bytes of every file under a directory. */
  static long bytes(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
    }
  }

  private static double round(double value) {
    return Math.round(value * 10) / 10.0;
  }
}
