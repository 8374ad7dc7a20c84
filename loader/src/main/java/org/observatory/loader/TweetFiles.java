package org.observatory.loader;

import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.observatory.schemas.bluesky.JetstreamParser;
import org.observatory.schemas.tables.Platform;

/**
 * Tweet archive files and recorded Jetstream hours: one JSON object per line, gzip-compressed
 * ({@code .json.gz}, {@code .jsonl.gz}) or plain.
 */
public final class TweetFiles {
  private TweetFiles() {}

  /** Receives each line of a file with its 1-based number. */
  @FunctionalInterface
  public interface LineHandler {
    void line(long number, String text) throws IOException;
  }

  /**
   * The files named, with each directory replaced by its input files ({@link #isInputName}) in name
   * order (one day or hour per file, so name order is time order).
   *
   * @throws IllegalArgumentException when a path does not exist or a directory holds no tweet files
   */
  public static List<Path> expand(List<Path> paths) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path path : paths) {
      if (Files.isDirectory(path)) {
        try (Stream<Path> listing = Files.list(path)) {
          List<Path> found = listing.filter(TweetFiles::isTweetFile).sorted().toList();
          if (found.isEmpty()) {
            throw new IllegalArgumentException("no .json(l).gz or .json(l) files in " + path);
          }
          files.addAll(found);
        }
      } else if (Files.isRegularFile(path)) {
        files.add(path);
      } else {
        throw new IllegalArgumentException("no such file or directory: " + path);
      }
    }
    return files;
  }

  /**
   * Reads every line of a file, adding the compressed bytes consumed to {@code bytesRead} as it goes
   * (so progress can be reported as a share of the input size, which is what is known in advance).
   */
  public static void read(Path file, AtomicLong bytesRead, LineHandler handler) throws IOException {
    try (BufferedReader lines = lines(counting(Files.newInputStream(file), bytesRead),
        file.getFileName().toString())) {
      long number = 0;
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        handler.line(++number, line);
      }
    }
  }

  /**
   * The lines of a tweet file's bytes, gunzipped when its name ends with {@code .gz}: how every reader
   * of tweet files opens one, wherever the bytes come from.
   */
  public static BufferedReader lines(InputStream raw, String fileName) throws IOException {
    return new BufferedReader(new InputStreamReader(decompressed(raw, fileName), StandardCharsets.UTF_8), 1 << 16);
  }

  /** A tweet file's bytes, gunzipped when its name ends with {@code .gz}. */
  public static InputStream decompressed(InputStream raw, String fileName) throws IOException {
    return fileName.endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
  }

  /** The stream, adding the bytes read from it to {@code bytesRead} as they are read. */
  public static InputStream counting(InputStream raw, AtomicLong bytesRead) {
    return new CountingStream(raw, bytesRead);
  }

  private static boolean isTweetFile(Path p) {
    return Files.isRegularFile(p) && isInputName(p.getFileName().toString());
  }

  /** The platform a file's lines come from, as its first line that is not blank says. */
  public static Platform platformOf(Path file) throws IOException {
    try (BufferedReader lines = lines(Files.newInputStream(file), file.getFileName().toString())) {
      return platformOf(lines);
    }
  }

  /** The platform of the lines: Bluesky's when the first that is not blank is a Jetstream event. */
  public static Platform platformOf(BufferedReader lines) throws IOException {
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      if (!line.isBlank()) {
        return JetstreamParser.isEvent(line) ? Platform.BLUESKY : Platform.TWITTER;
      }
    }
    return Platform.TWITTER;
  }

  /**
   * Whether a file in a directory given is an input: Twitter's {@code .json.gz} and {@code .json} days,
   * and Jetstream's {@code .jsonl.gz} and {@code .jsonl} hours as the recorder writes them.
   */
  public static boolean isInputName(String name) {
    return name.endsWith(".json.gz") || name.endsWith(".json") || name.endsWith(".jsonl.gz") || name.endsWith(".jsonl");
  }

  private static final class CountingStream extends FilterInputStream {
    private final AtomicLong count;

    CountingStream(InputStream in, AtomicLong count) {
      super(in);
      this.count = count;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count.incrementAndGet();
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n > 0) {
        count.addAndGet(n);
      }
      return n;
    }
  }
}
