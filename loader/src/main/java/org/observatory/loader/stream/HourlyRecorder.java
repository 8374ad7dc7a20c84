package org.observatory.loader.stream;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Writer;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.observatory.mapreduce.PrivateDirectories;
import org.observatory.schemas.bluesky.JetstreamParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the lines a stream loader takes, unchanged, to one gzip file per hour of their
 * {@code time_us}: {@code jetstream.2026-07-04T14.jsonl.gz}, which {@code load} reads back into the
 * same tables. A file is written as {@code ….jsonl.gz.open} and renamed when its hour is over or the
 * loader stops; it is flushed every second, so a crash loses at most that, and the next start salvages
 * the complete lines of a file left open. An hour met again (a reconnection's rewind across the hour,
 * a restart) gets a file of its own, {@code ….T14_001.jsonl.gz}, named to sort after the hour's first
 * (loads take recorded hours in name order). Not thread-safe: the source's thread records.
 */
public final class HourlyRecorder implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(HourlyRecorder.class);
  private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH").withZone(ZoneOffset.UTC);
  private static final String OPEN = ".open";
  private static final long FLUSH_MILLIS = 1_000;
  private static final long MICROS_PER_HOUR = 3_600_000_000L;

  private final Path dir;
  private final String prefix;
  private Writer out;
  private Path open;
  private long openHour = -1;
  private long lastFlush;

  /** @param prefix the files' names begin with it: {@code jetstream}, or one per loader of a split stream */
  public HourlyRecorder(Path dir, String prefix) throws IOException {
    this.dir = dir;
    this.prefix = prefix;
    PrivateDirectories.create(dir);
    salvage();
  }

  /** Records a line in the file of its hour (the hour being written when it names no time). */
  public void record(String line) throws IOException {
    long micros = JetstreamParser.timeOf(line);
    long hour = micros == 0 && openHour >= 0 ? openHour : Math.floorDiv(micros, MICROS_PER_HOUR);
    if (hour != openHour) {
      finish();
      open = dir.resolve(freeName(hour) + OPEN);
      out = writer(Files.newOutputStream(open));
      openHour = hour;
    }
    out.write(line);
    out.write('\n');
    if (System.currentTimeMillis() - lastFlush >= FLUSH_MILLIS) {
      out.flush();
      lastFlush = System.currentTimeMillis();
    }
  }

  @Override
  public void close() throws IOException {
    finish();
  }

  private void finish() throws IOException {
    if (out == null) {
      return;
    }
    out.close();
    Files.move(open, closedName(open));
    out = null;
    openHour = -1;
  }

  /** The name of the hour's next file: the hour's own, or with the first number free ({@code _} sorts after {@code .}). */
  private String freeName(long hour) {
    String base = prefix + "." + HOUR.format(Instant.ofEpochMilli(hour * MICROS_PER_HOUR / 1000));
    String name = base + ".jsonl.gz";
    for (int n = 1; Files.exists(dir.resolve(name)) || Files.exists(dir.resolve(name + OPEN)); n++) {
      name = String.format("%s_%03d.jsonl.gz", base, n);
    }
    return name;
  }

  private static Path closedName(Path openFile) {
    String name = openFile.getFileName().toString();
    return openFile.resolveSibling(name.substring(0, name.length() - OPEN.length()));
  }

  /** Files a crash left open: their complete lines into closed files, the rest dropped. */
  private void salvage() throws IOException {
    List<Path> left;
    try (Stream<Path> files = Files.list(dir)) {
      left = files.filter(f -> f.getFileName().toString().startsWith(prefix + ".") && f.toString().endsWith(OPEN)).toList();
    }
    for (Path file : left) {
      Path salvaged = file.resolveSibling(file.getFileName() + ".salvaged");
      long lines = 0;
      try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(file)),
          StandardCharsets.UTF_8)); Writer copy = writer(Files.newOutputStream(salvaged))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          copy.write(line);
          copy.write('\n');
          lines++;
        }
      } catch (IOException e) {
        // the end a crash cut: the lines before it are kept
      }
      Files.move(salvaged, closedName(file));
      Files.delete(file);
      LOG.info("salvaged {} lines of {}, left open by a stop that did not finish", lines, file);
    }
  }

  private static Writer writer(OutputStream raw) throws IOException {
    return new OutputStreamWriter(new GZIPOutputStream(raw, 1 << 16, true), StandardCharsets.UTF_8);
  }
}
