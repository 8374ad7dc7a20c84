package org.observatory.loader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.observatory.indexer.Indexer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads tweet files into the month tables through {@link Ingest} and {@link TableWriter}, files in
 * parallel, one thread each; then erases the tweets the files' delete notices name. Bad lines are
 * counted and set aside, never fatal; an HBase failure is.
 */
public final class FileLoader {
  private static final Logger LOG = LoggerFactory.getLogger(FileLoader.class);
  private final Indexer indexer;
  private final TableWriter writer;
  private final Tombstones tombstones;
  private final TweetEraser eraser;
  private final Path rejectsDir;
  private final int threads;
  private final long progressSeconds;

  /**
   * @param rejectsDir where malformed lines are set aside
   * @param threads files loaded at once
   * @param progressSeconds how often progress is logged
   */
  public FileLoader(Indexer indexer, TableWriter writer, Deletions deletions, Path rejectsDir, int threads,
      long progressSeconds) {
    this.indexer = indexer;
    this.writer = writer;
    this.tombstones = deletions.tombstones();
    this.eraser = deletions.eraser();
    this.rejectsDir = rejectsDir;
    this.threads = threads;
    this.progressSeconds = progressSeconds;
  }

  public LoadSummary load(List<Path> files) throws IOException {
    long totalBytes = 0;
    for (Path file : files) {
      totalBytes += Files.size(file);
    }
    LoadCounters counters = new LoadCounters();
    AtomicLong bytesRead = new AtomicLong();
    long start = System.nanoTime();
    ScheduledExecutorService progress = Executors.newSingleThreadScheduledExecutor(daemon("load-progress"));
    Progress report = new Progress(counters, bytesRead, totalBytes, start);
    progress.scheduleAtFixedRate(report::log, progressSeconds, progressSeconds, TimeUnit.SECONDS);
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, files.size())), daemon("loader"));
    try {
      List<Future<?>> running = new ArrayList<>();
      List<Long> deleted = new ArrayList<>();
      for (Path file : files) {
        running.add(pool.submit(() -> loadFile(file, counters, bytesRead, deleted)));
      }
      for (Future<?> f : running) {
        await(f);
      }
      writer.flush();
      // Only now: a tweet in one file may be written after another file's notice deleting it.
      counters.erased.add(eraser.erase(deleted));
    } finally {
      pool.shutdownNow();
      progress.shutdownNow();
    }
    LoadSummary summary = new LoadSummary(counters, files.size(), totalBytes, (System.nanoTime() - start) / 1_000_000);
    LOG.info("load finished: {}", summary);
    return summary;
  }

  private Void loadFile(Path file, LoadCounters counters, AtomicLong bytesRead, List<Long> deleted) throws IOException {
    LOG.info("loading {}", file);
    Ingest ingest = new Ingest(indexer, tombstones, counters, writer::write, true);
    try (RejectedLines rejects = RejectedLines.inDirectory(rejectsDir, file)) {
      TweetFiles.read(file, bytesRead, (number, text) -> ingest.line(number, text, rejects));
      ingest.flush();
    }
    ingest.countRepeats();
    synchronized (deleted) {
      deleted.addAll(ingest.drainDeleted());
    }
    return null;
  }

  private static void await(Future<?> f) throws IOException {
    try {
      f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("load interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof UncheckedIOException io) {
        throw io.getCause();
      }
      throw new IOException("load failed: " + cause, cause);
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  /** Logs tweets loaded, the rate, and the share of input bytes read. */
  private record Progress(LoadCounters counters, AtomicLong bytesRead, long totalBytes, long startNanos) {
    void log() {
      double seconds = (System.nanoTime() - startNanos) / 1e9;
      long tweets = counters.tweets();
      LOG.info("loaded {} tweets, {} tweets/s, {}% of input read, {} malformed",
          tweets, Math.round(tweets / seconds), totalBytes == 0 ? 100 : bytesRead.get() * 100 / totalBytes,
          counters.malformed.sum());
    }
  }
}
