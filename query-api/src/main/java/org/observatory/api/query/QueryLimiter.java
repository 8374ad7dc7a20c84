package org.observatory.api.query;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bounds the queries answered at once, so that a crowd of them queues briefly and is then refused
 * with a message instead of exhausting threads and memory.
 */
public final class QueryLimiter {
  private final Semaphore places;
  private final int limit;
  private final long waitMillis;

  /** @param waitMillis how long a query waits for a place before it is refused */
  public QueryLimiter(int limit, long waitMillis) {
    this.places = new Semaphore(limit, true);
    this.limit = limit;
    this.waitMillis = waitMillis;
  }

  /** A place for one query; close it when the answer is written. */
  public Permit admit() throws QueryRejectedException {
    try {
      if (places.tryAcquire(waitMillis, TimeUnit.MILLISECONDS)) {
        return new Permit();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throw new QueryRejectedException(limit + " queries are running, the most this service answers at once; "
        + "try again shortly");
  }

  /** A query's place, freed once however often it is closed. */
  public final class Permit implements AutoCloseable {
    private final AtomicBoolean open = new AtomicBoolean(true);

    @Override
    public void close() {
      if (open.compareAndSet(true, false)) {
        places.release();
      }
    }
  }
}
