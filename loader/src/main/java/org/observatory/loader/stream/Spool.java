package org.observatory.loader.stream;

import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.observatory.mapreduce.PrivateDirectories;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bounded, durable queue of stream lines on local disk: every accepted line is written here before
 * it goes to HBase, and a segment is deleted only once its tweets are stored. Lines gather in an open
 * segment that is synced and handed over ({@code .ready}) every {@code rollMillis} or 10,000 lines; the loader takes
 * ready segments oldest first. A line is in the operating system when {@link #append} returns, so a crash of
 * the process loses none; it is on disk (synced) within {@code rollMillis}. When the spool holds {@code maxBytes},
 * or its disk is full, {@link #append} blocks: the source is held back rather than anything dropped.
 * Segments left by an earlier run, finished or not, are taken first after a restart.
 */
final class Spool implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(Spool.class);
  private static final String OPEN = ".open";
  private static final String READY = ".ready";
  private static final long HOLD_BACK_LOG_NANOS = 10_000_000_000L;
  /** A segment is loaded (and after a failure, loaded again) whole: keep that bounded. */
  private static final long MAX_SEGMENT_LINES = 10_000;

  /**
   * A closed segment: its file, when its first line arrived (0: before this run), and when it was
   * handed over (or found, after a restart).
   */
  record Segment(Path file, long firstAppendNanos, long readyNanos) {}

  /** When this JVM's latest segment was opened, epoch millis. */
  private static final AtomicLong LAST_OPENED_AT = new AtomicLong();

  private final Path dir;
  private final long maxBytes;
  private final long rollNanos;
  private final Deque<Segment> ready = new ArrayDeque<>();
  private long bytes;
  /** What this run appended, in bytes: the stream's input size. */
  private long received;
  private long sequence;
  /** The open segment, written a whole line at a time (null between segments). */
  private FileOutputStream out;
  private Path openFile;
  private long openBytes;
  private long openLines;
  private long openSince;
  private long lastHoldBackLog;
  private String heldBackBecause;

  Spool(Path dir, long maxBytes, long rollMillis) throws IOException {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.rollNanos = rollMillis * 1_000_000L;
    PrivateDirectories.create(dir);
    recover();
  }

  /**
   * Adds a line, waiting while the spool is full or its disk takes no more: a line is never dropped,
   * and a segment never keeps part of one.
   */
  synchronized void append(String line) throws IOException, InterruptedException {
    byte[] encoded = (line + "\n").getBytes(StandardCharsets.UTF_8);
    while (true) {
      if (bytes >= maxBytes) {
        holdBack("stream spool full (" + (bytes >> 20) + " MB in " + dir + ")");
        continue;
      }
      try {
        if (out == null) {
          openSegment();
        }
        out.write(encoded); // in the OS on return: a crash of this process loses nothing accepted
      } catch (IOException e) { // no space left, most likely: what the segment has is whole lines
        cutToWholeLines();
        holdBack("the stream spool's disk takes no more (" + e.getMessage() + " in " + dir + ")");
        continue;
      }
      heldBackBecause = null;
      openBytes += encoded.length;
      openLines++;
      bytes += encoded.length;
      received += encoded.length;
      rollIfDue(false);
      return;
    }
  }

  /**
   * Says why the source waits (every 10 s at most), hands the open segment to the loader, whose storing it
   * frees room, and waits a while for that.
   */
  private void holdBack(String why) throws IOException, InterruptedException {
    if (heldBackBecause == null || System.nanoTime() - lastHoldBackLog > HOLD_BACK_LOG_NANOS) {
      LOG.error("{}: holding the source back until the loader has stored what waits", why);
      lastHoldBackLog = System.nanoTime();
    }
    heldBackBecause = why;
    try {
      rollIfDue(true);
    } catch (IOException e) { // a full disk may fail the sync too: the segment stays open, tried again
      LOG.warn("could not hand the open stream segment over yet: {}", e.toString());
    }
    wait(1000);
  }

  /** After a failed write: the open segment ends at its last whole line, or goes when it has none. */
  private void cutToWholeLines() throws IOException {
    if (out == null) {
      return;
    }
    out.getChannel().truncate(openBytes);
    if (openLines == 0) {
      out.close();
      Files.delete(openFile);
      out = null;
    }
  }

  /** Hands the open segment over once it is old enough (or at once when {@code now}). */
  synchronized void rollIfDue(boolean now) throws IOException {
    if (out != null && (now || openLines >= MAX_SEGMENT_LINES || System.nanoTime() - openSince >= rollNanos)) {
      out.getFD().sync();
      out.close();
      Path done = openFile.resolveSibling(openFile.getFileName().toString().replace(OPEN, READY));
      Files.move(openFile, done, StandardCopyOption.ATOMIC_MOVE);
      ready.addLast(new Segment(done, openSince, System.nanoTime()));
      out = null;
      notifyAll();
    }
  }

  /** The oldest ready segment, waiting up to {@code timeoutMillis}; null when there is none. */
  synchronized Segment next(long timeoutMillis) throws InterruptedException {
    return next(timeoutMillis, null);
  }

  /** The oldest ready segment but {@code skipped} (one being stored), waiting up to the timeout; or null. */
  synchronized Segment next(long timeoutMillis, Segment skipped) throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (true) {
      for (Segment segment : ready) {
        if (segment != skipped) {
          return segment;
        }
      }
      long left = deadline - System.currentTimeMillis();
      if (left <= 0) {
        return null;
      }
      wait(left);
    }
  }

  /** Deletes a segment whose tweets are stored. */
  synchronized void done(Segment segment) throws IOException {
    long size = Files.size(segment.file());
    Files.delete(segment.file());
    ready.remove(segment);
    bytes = Math.max(0, bytes - size);
    notifyAll();
  }

  synchronized long bytes() {
    return bytes;
  }

  synchronized long received() {
    return received;
  }

  synchronized int readySegments() {
    return ready.size();
  }

  /** How long the oldest waiting segment has waited, in milliseconds: the loader's lag. */
  synchronized long lagMillis() {
    Segment oldest = ready.peekFirst();
    return oldest == null ? 0 : (System.nanoTime() - oldest.readyNanos()) / 1_000_000;
  }

  /** Why the source is held back — the spool is full, or its disk — or empty when it is not. */
  synchronized Optional<String> heldBackBecause() {
    return Optional.ofNullable(heldBackBecause);
  }

  /** Whether nothing is waiting: no ready segment and no open one. */
  synchronized boolean isEmpty() {
    return ready.isEmpty() && out == null;
  }

  /** Syncs and hands over the open segment; what is not loaded stays for the next run. */
  @Override
  public synchronized void close() throws IOException {
    rollIfDue(true);
  }

  /**
   * A segment is named for when it was opened, then its place in this run: names sort in arrival order
   * across runs, and a later run never reuses one (the rejected lines of a segment are kept under its name).
   * The time never repeats in this JVM: two runs within one millisecond gave their first segments one name.
   */
  private void openSegment() throws IOException {
    long openedAt = LAST_OPENED_AT.accumulateAndGet(System.currentTimeMillis(), (last, now) -> Math.max(last + 1, now));
    openFile = dir.resolve(String.format("%013d-%07d", openedAt, ++sequence) + OPEN);
    out = new FileOutputStream(openFile.toFile());
    openBytes = 0;
    openLines = 0;
    openSince = System.nanoTime();
  }

  /** Takes over an earlier run's segments; an open one ends at its last complete line, or a cut one. */
  private void recover() throws IOException {
    List<Path> found;
    try (Stream<Path> files = Files.list(dir)) {
      found = files.filter(p -> p.toString().endsWith(OPEN) || p.toString().endsWith(READY)).sorted().toList();
    }
    for (Path file : found) {
      String name = file.getFileName().toString();
      Path segment = file;
      if (name.endsWith(OPEN)) {
        segment = file.resolveSibling(name.replace(OPEN, READY));
        Files.move(file, segment, StandardCopyOption.ATOMIC_MOVE);
      }
      bytes += Files.size(segment);
      ready.addLast(new Segment(segment, 0, System.nanoTime()));
    }
    if (!found.isEmpty()) {
      LOG.info("stream spool: resuming with {} segments ({} MB) left by an earlier run", found.size(), bytes >> 20);
    }
  }
}
