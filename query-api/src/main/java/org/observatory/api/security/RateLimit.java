package org.observatory.api.security;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.observatory.api.query.engine.QuotaExceededException;

/**
 * Each key's request rate, as a token bucket (bucket4j): {@code burst} requests at once, refilled at
 * {@code requestsPerSecond}. Over it, a 429 whose {@code Retry-After} says when a token is back. Runs
 * after authentication, so it knows the key; the local user of a keyless service is not limited here.
 */
@Priority(Priorities.USER)
final class RateLimit implements ContainerRequestFilter {
  private final AccessSettings settings;
  // A bucket per key id: keys are few (a research group's), and each bucket is a few words.
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  RateLimit(AccessSettings settings) {
    this.settings = settings;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    if (!(request.getSecurityContext().getUserPrincipal() instanceof Caller caller) || caller.equals(Caller.LOCAL)) {
      return;
    }
    ConsumptionProbe probe = buckets.computeIfAbsent(caller.keyId(), key -> Bucket.builder()
        .addLimit(limit -> limit.capacity(settings.burst()).refillGreedy(settings.requestsPerSecond(), Duration.ofSeconds(1)))
        .build()).tryConsumeAndReturnRemaining(1);
    if (!probe.isConsumed()) {
      long seconds = Math.max(1, (long) Math.ceil(probe.getNanosToWaitForRefill() / (double) TimeUnit.SECONDS.toNanos(1)));
      throw new QuotaExceededException("key " + caller.keyId() + " made more than " + settings.requestsPerSecond()
          + " requests a second (bursts of " + settings.burst() + "); wait " + seconds + " s", seconds);
    }
  }
}
