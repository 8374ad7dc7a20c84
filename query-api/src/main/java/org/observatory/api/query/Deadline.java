package org.observatory.api.query;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A query's time limit, and waiting for its parallel parts within it. */
public final class Deadline {
  private final long nanos;

  private Deadline(long nanos) {
    this.nanos = nanos;
  }

  public static Deadline in(long millis) {
    return new Deadline(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis));
  }

  /**
   * The part's result; a part that failed fails the query with its IOException.
   *
   * @param what what the part does, for the timeout's message
   */
  public <T> T await(Future<T> part, String what) throws IOException {
    try {
      return part.get(Math.max(0, nanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new QueryTimeoutException(what + " did not finish within the query timeout");
    } catch (InterruptedException | CancellationException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("query interrupted");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof BadQueryException bad) { // the part found the query asks too much
        throw bad;
      }
      throw new IOException(what + " failed: " + e.getCause(), e.getCause());
    }
  }
}
