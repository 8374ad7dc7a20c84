package org.observatory.api.query.engine;

/** A key asked for more than its share (requests per second, queries at once, jobs): a 429. */
public final class QuotaExceededException extends RuntimeException {
  private final long retryAfterSeconds;

  /** @param retryAfterSeconds when asking again may succeed */
  public QuotaExceededException(String message, long retryAfterSeconds) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }

  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
