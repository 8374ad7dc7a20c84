package org.observatory.api.query;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bounds the queries answered at once, so that a crowd of them queues briefly and is then refused
 * with a message instead of exhausting threads and memory. Queries that read tweets may take only
 * some of the places, so that the index-only counts always find one however many big queries run.
 */
public final class QueryLimiter {
  private final Semaphore places;
  private final Semaphore tweetPlaces;
  private final int limit;
  private final int tweetLimit;
  private final long waitMillis;

  /**
   * @param tweetLimit how many of the places queries that read tweets may hold at once
   * @param waitMillis how long a query waits for a place before it is refused
   */
  public QueryLimiter(int limit, int tweetLimit, long waitMillis) {
    this.places = new Semaphore(limit, true);
    this.tweetLimit = Math.min(tweetLimit, limit);
    this.tweetPlaces = new Semaphore(this.tweetLimit, true);
    this.limit = limit;
    this.waitMillis = waitMillis;
  }

  /** A place for the query; close it when the answer is written. */
  public Permit admit(Query query) throws QueryRejectedException {
    Permit permit = new Permit(query.readsTweets());
    try {
      if (permit.take(TimeUnit.MILLISECONDS.toNanos(waitMillis))) {
        return permit;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new QueryRejectedException("interrupted while waiting for a place");
    }
    boolean laneFull = query.readsTweets() && tweetPlaces.availablePermits() == 0;
    throw new QueryRejectedException((laneFull ? tweetLimit + " queries that read tweets are running"
        : limit + " queries are running") + ", the most this service answers at once; try again shortly");
  }

  /** Blocks like {@link java.io.OutputStream#write}: what a permit's holder does away from its place. */
  public interface Away {
    void run() throws IOException;
  }

  /** A query's place, freed once however often it is closed. */
  public final class Permit implements AutoCloseable {
    private final boolean readsTweets;
    private final AtomicBoolean held = new AtomicBoolean();

    private Permit(boolean readsTweets) {
      this.readsTweets = readsTweets;
    }

    /**
     * Waits up to {@code nanos} for the place — always the tweet lane first, so two queries never
     * wait on each other's second place; false when the wait runs out.
     */
    private boolean take(long nanos) throws InterruptedException {
      long began = System.nanoTime();
      if (readsTweets && !tweetPlaces.tryAcquire(nanos, TimeUnit.NANOSECONDS)) {
        return false;
      }
      try {
        if (!places.tryAcquire(Math.max(0, nanos - (System.nanoTime() - began)), TimeUnit.NANOSECONDS)) {
          if (readsTweets) {
            tweetPlaces.release();
          }
          return false;
        }
      } catch (InterruptedException e) {
        if (readsTweets) {
          tweetPlaces.release();
        }
        throw e;
      }
      held.set(true);
      return true;
    }

    private void give() {
      places.release();
      if (readsTweets) {
        tweetPlaces.release();
      }
    }

    /**
     * Frees the place while the action runs, then waits for one again: an answer being written to a
     * client that reads slowly (or not at all) must not keep other queries out.
     */
    public void awayDuring(Away action) throws IOException {
      if (!held.compareAndSet(true, false)) {
        action.run();
        return;
      }
      give();
      action.run();
      try {
        take(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for a place to go on");
      }
    }

    @Override
    public void close() {
      if (held.compareAndSet(true, false)) {
        give();
      }
    }
  }
}
