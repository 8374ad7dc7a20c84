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
import org.observatory.indexer.TableMutation;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.schemas.tweet.TweetParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads tweet files into the month tables: parse each line once, index each tweet, write through
 * {@link TableWriter}. Bad lines are counted and set aside, never fatal; an HBase failure is.
 * Files are loaded in parallel, one thread each.
 */
public final class FileLoader {
  private static final Logger LOG = LoggerFactory.getLogger(FileLoader.class);
  /** Tweets whose puts are merged by row before they go to the writer. */
  private static final int BATCH_TWEETS = 2000;

  private final TweetParser parser = new TweetParser();
  private final Indexer indexer;
  private final TableWriter writer;
  private final Path rejectsDir;
  private final int threads;
  private final long progressSeconds;

  /**
   * @param rejectsDir where malformed lines are set aside
   * @param threads files loaded at once
   * @param progressSeconds how often progress is logged
   */
  public FileLoader(Indexer indexer, TableWriter writer, Path rejectsDir, int threads, long progressSeconds) {
    this.indexer = indexer;
    this.writer = writer;
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
      for (Path file : files) {
        running.add(pool.submit(() -> loadFile(file, counters, bytesRead)));
      }
      for (Future<?> f : running) {
        await(f);
      }
      writer.flush();
    } finally {
      pool.shutdownNow();
      progress.shutdownNow();
    }
    LoadSummary summary = new LoadSummary(counters, files.size(), totalBytes, (System.nanoTime() - start) / 1_000_000);
    LOG.info("load finished: {}", summary);
    return summary;
  }

  private Void loadFile(Path file, LoadCounters counters, AtomicLong bytesRead) throws IOException {
    LOG.info("loading {}", file);
    PutBatch batch = new PutBatch();
    try (RejectedLines rejects = new RejectedLines(rejectsDir, file)) {
      TweetFiles.read(file, bytesRead, (number, text) -> loadLine(text, number, counters, rejects, batch));
    }
    writer.write(batch.drain());
    return null;
  }

  private void loadLine(String text, long number, LoadCounters counters, RejectedLines rejects, PutBatch batch)
      throws IOException {
    counters.lines.increment();
    if (text.isBlank()) {
      counters.blankLines.increment();
      return;
    }
    StreamItem item;
    try {
      item = parser.parse(text);
    } catch (MalformedTweetException e) {
      counters.malformed.increment();
      rejects.reject(number, e.getMessage(), text);
      return;
    }
    if (item instanceof StreamItem.Status status) {
      store(status, number, text, counters, rejects, batch);
    } else {
      counters.count(item); // delete notices are counted here; honouring them is the loaders' next step
    }
  }

  private void store(StreamItem.Status status, long number, String text, LoadCounters counters,
      RejectedLines rejects, PutBatch batch) throws IOException {
    List<TableMutation> mutations = new ArrayList<>();
    try {
      for (Tweet tweet : status.all()) {
        mutations.addAll(indexer.mutations(tweet));
      }
    } catch (RuntimeException e) { // a plug-in indexer's fault must not stop the load
      counters.malformed.increment();
      rejects.reject(number, "indexing failed: " + e, text);
      return;
    }
    batch.add(mutations);
    if (batch.tweets() >= BATCH_TWEETS) {
      writer.write(batch.drain());
    }
    counters.count(status);
    mutations.forEach(m -> counters.countPut(m.source()));
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
