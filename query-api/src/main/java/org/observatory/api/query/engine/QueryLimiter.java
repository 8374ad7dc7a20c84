package org.observatory.api.query.engine;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.observatory.api.query.catalogue.Query;
import org.observatory.api.query.catalogue.Share;

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

  /**
   * One client's own places, beside the service's, taken first and without waiting: a client at its
   * limit is told at once (a 429), not queued behind its own queries.
   *
   * @param holder who the places are for, as the refusal names it
   */
  public record Share(String holder, Semaphore places, int size) {
    public Share(String holder, int size) {
      this(holder, new Semaphore(size), size);
    }
  }

  /** A place for the query; close it when the answer is written. */
  public Permit admit(Query query) throws QueryRejectedException {
    return admit(query, null);
  }

  /** A place for the query within the client's share (null: no share of its own); close it when the answer is written. */
  public Permit admit(Query query, Share share) throws QueryRejectedException {
    if (share != null && !share.places().tryAcquire()) {
      throw new QuotaExceededException(share.size() + " queries of " + share.holder() + " are running, the most "
          + "one key may have answered at once; ask again when one has answered", 1);
    }
    Permit permit = new Permit(query.readsTweets(), share);
    try {
      if (permit.take(TimeUnit.MILLISECONDS.toNanos(waitMillis))) {
        return permit;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      permit.leaveShare();
      throw new QueryRejectedException("interrupted while waiting for a place");
    }
    permit.leaveShare();
    boolean laneFull = query.readsTweets() && tweetPlaces.availablePermits() == 0;
    throw new QueryRejectedException((laneFull ? tweetLimit + " queries that read tweets are running"
        : limit + " queries are running") + ", the most this service answers at once; try again shortly");
  }

  /** Blocks like {@link java.io.OutputStream#write}: what a permit's holder does away from its place. */
  public interface Away {
    void run() throws IOException;
  }

  /** A query's place (and its client's, if it has a share), freed once however often it is closed. */
  public final class Permit implements AutoCloseable {
    private final boolean readsTweets;
    private final AtomicBoolean held = new AtomicBoolean();
    private final Share share;
    private final AtomicBoolean inShare;

    private Permit(boolean readsTweets, Share share) {
      this.readsTweets = readsTweets;
      this.share = share;
      this.inShare = new AtomicBoolean(share != null);
    }

    /** Frees the client's place, once; {@link #awayDuring} keeps it, as the client's slow reading is its own. */
    private void leaveShare() {
      if (inShare.compareAndSet(true, false)) {
        share.places().release();
      }
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
      leaveShare();
    }
  }
}
