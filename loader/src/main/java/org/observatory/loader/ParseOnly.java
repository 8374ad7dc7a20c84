package org.observatory.loader;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.observatory.indexer.IndexPlacement;
import org.observatory.indexer.Indexer;
import org.observatory.indexer.TableMutation;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.schemas.tweet.TweetParser;

/**
 * Reads, gunzips and parses files without writing anything: a dry run that validates an archive, and
 * the parse ceiling that load throughput is measured against. With an indexer, it also indexes every
 * tweet and counts the puts each index would get, without a store: a dry run of an index
 * specification (a plug-in's failures are counted), and the cost of indexing beside parsing. It does not
 * skip what a load skips (deleted tweets, originals indexed already), so its puts are an upper bound.
 * Single-threaded per file; files one after another, so its rate is one core's, or on several threads.
 */
public final class ParseOnly {
  private ParseOnly() {}

  /** @param indexer the indexer to run as well, or null to parse only */
  public static LoadSummary run(List<Path> files, Indexer indexer) throws IOException {
    return run(files, indexer, 1);
  }

  /**
   * The same on {@code threads} threads, a file at a time each (a load's parallelism): with an indexer and
   * every core, the ceiling of what a load does before it stores anything.
   */
  public static LoadSummary run(List<Path> files, Indexer indexer, int threads) throws IOException {
    LoadCounters counters = new LoadCounters();
    AtomicLong bytes = new AtomicLong();
    long totalBytes = 0;
    for (Path file : files) {
      totalBytes += Files.size(file);
    }
    long start = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
    try {
      List<Future<Void>> done = new ArrayList<>();
      for (Path file : files) {
        done.add(pool.submit(() -> {
          read(file, indexer, counters, bytes);
          return null;
        }));
      }
      for (Future<Void> file : done) {
        file.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while parsing");
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
    return new LoadSummary(counters, files.size(), totalBytes, (System.nanoTime() - start) / 1_000_000);
  }

  private static void read(Path file, Indexer indexer, LoadCounters counters, AtomicLong bytes) throws IOException {
    TweetParser parser = new TweetParser();
    Batch batch = indexer == null ? null : new Batch(indexer, counters);
    TweetFiles.read(file, bytes, (number, line) -> {
      counters.increment(LoadCounter.LINES);
      if (line.isBlank()) {
        counters.increment(LoadCounter.BLANK_LINES);
        return;
      }
      try {
        StreamItem item = parser.parse(line);
        counters.count(item);
        if (batch != null && item instanceof StreamItem.Status status) {
          batch.add(status.all());
        }
      } catch (MalformedTweetException e) {
        counters.increment(LoadCounter.MALFORMED);
      }
    });
    if (batch != null) {
      batch.index();
    }
  }

  /** Tweets indexed a batch at a time, as {@link Ingest} does: placing entries is done once a batch. */
  private static final class Batch {
    private final Indexer indexer;
    private final LoadCounters counters;
    private final List<Tweet> tweets = new ArrayList<>();

    Batch(Indexer indexer, LoadCounters counters) {
      this.indexer = indexer;
      this.counters = counters;
    }

    void add(List<Tweet> more) throws IOException {
      tweets.addAll(more);
      if (tweets.size() >= Ingest.BATCH_TWEETS) {
        index();
      }
    }

    void index() throws IOException {
      IndexPlacement.Placed placed = indexer.place(tweets);
      for (Tweet tweet : tweets) {
        try {
          for (TableMutation mutation : indexer.mutations(tweet, placed)) {
            counters.countPut(mutation.source());
          }
        } catch (RuntimeException e) { // a plug-in indexer's fault, counted as a load counts it
          counters.increment(LoadCounter.INDEXER_FAILURES);
        }
      }
      tweets.clear();
    }
  }
}
