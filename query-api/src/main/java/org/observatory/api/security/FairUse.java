package org.observatory.api.security;

import jakarta.ws.rs.container.ContainerRequestFilter;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.observatory.api.query.engine.QueryLimiter;
import org.observatory.api.query.engine.QuotaExceededException;

/**
 * Each key's share of the service: its request rate, its queries answered at once, its jobs. Beyond
 * it, a 429 with {@code Retry-After}. The local user of a keyless service has the service's own limits only.
 */
public final class FairUse {
  /** When a key at its job limit may try again: jobs take minutes, not seconds. */
  static final long JOB_RETRY_SECONDS = 30;
  private final AccessSettings settings;
  private final Map<String, QueryLimiter.Share> queries = new ConcurrentHashMap<>();

  public FairUse(AccessSettings settings) {
    this.settings = settings;
  }

  /** The caller's own query places, or null for the local user. */
  public QueryLimiter.Share queries(Caller caller) {
    return caller.equals(Caller.LOCAL) ? null : queries.computeIfAbsent(caller.keyId(),
        id -> new QueryLimiter.Share("key " + id, settings.concurrentQueriesPerKey()));
  }

  /** @param active the caller's jobs queued or running now */
  public void checkJobs(Caller caller, long active) {
    if (!caller.equals(Caller.LOCAL) && active >= settings.jobsPerKey()) {
      throw new QuotaExceededException(active + " jobs of key " + caller.keyId() + " are queued or running, the most "
          + "one key may have; submit again when one has finished (or cancel one)", JOB_RETRY_SECONDS);
    }
  }

  /** The request rate, checked once a request's key is known. */
  ContainerRequestFilter rateLimit() {
    return new RateLimit(settings);
  }
}
