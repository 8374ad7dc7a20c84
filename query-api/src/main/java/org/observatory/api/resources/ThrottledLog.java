package org.observatory.api.resources;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * One line per event, but at most one line a period for events of one kind: a crowd of clients that
 * go away, or a burst of 503s while the store is down, must not flood the log. The next line written
 * says how many were left out.
 */
final class ThrottledLog {
  private final Logger log;
  private final long periodNanos;
  private final AtomicLong nextNanos = new AtomicLong(Long.MIN_VALUE);
  private final AtomicLong leftOut = new AtomicLong();

  ThrottledLog(Logger log, long period, TimeUnit unit) {
    this.log = log;
    this.periodNanos = unit.toNanos(period);
  }

  void info(String message) {
    String line = due();
    if (line != null) {
      log.info(line, message);
    }
  }

  void warn(String message) {
    String line = due();
    if (line != null) {
      log.warn(line, message);
    }
  }

  /** The line's format when one is due now, else null (and the event is counted as left out). */
  private String due() {
    long now = System.nanoTime();
    long next = nextNanos.get();
    if ((next != Long.MIN_VALUE && now - next < 0) || !nextNanos.compareAndSet(next, now + periodNanos)) {
      leftOut.incrementAndGet();
      return null;
    }
    long skipped = leftOut.getAndSet(0);
    return skipped == 0 ? "{}" : "{} (and " + skipped + " more like it since the last such line)";
  }
}
