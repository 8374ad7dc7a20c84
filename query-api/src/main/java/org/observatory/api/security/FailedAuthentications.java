package org.observatory.api.security;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;

/**
 * Each client address may fail to authenticate {@value #BURST} times, and then {@value #PER_MINUTE}
 * times a minute: past that its requests get a 429 before their key is looked up, so guessing keys
 * costs the guesser time and the store nothing. A key the service has seen in the store lately
 * ({@link KeyWatch}) still passes, so one local user's guessing does not lock out another on the same
 * address. Requests without a key are not counted.
 */
final class FailedAuthentications implements Filter {
  static final int BURST = 20;
  static final int PER_MINUTE = 20;
  private static final String BEARER = Access.SCHEME + " ";

  private final KeyWatch known;

  // Addresses seen failing lately, bounded: a bucket is a few words.
  private final Cache<String, Bucket> failures = Caffeine.newBuilder().maximumSize(100_000)
      .expireAfterAccess(Duration.ofMinutes(10)).build();

  FailedAuthentications(KeyWatch known) {
    this.known = known;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    HttpServletResponse answer = (HttpServletResponse) response;
    String header = http.getHeader("Authorization"); // the only place a key is taken (KeyInUrl)
    if (header == null) {
      chain.doFilter(request, response);
      return;
    }
    Bucket bucket = failures.getIfPresent(http.getRemoteAddr());
    if (bucket != null && bucket.getAvailableTokens() <= 0
        && !(header.startsWith(BEARER) && known.matches(header.substring(BEARER.length()).strip()))) {
      long seconds = Math.max(1, Duration.ofNanos(bucket.estimateAbilityToConsume(1).getNanosToWaitForRefill()).toSeconds());
      answer.setHeader("Retry-After", Long.toString(seconds));
      AdminAccess.refuse(answer, 429, "too many requests from this address with keys that are no key of this "
          + "service's; wait " + seconds + " s");
      return;
    }
    chain.doFilter(request, response);
    if (answer.getStatus() == HttpServletResponse.SC_UNAUTHORIZED) {
      failures.get(http.getRemoteAddr(), address -> Bucket.builder()
          .addLimit(limit -> limit.capacity(BURST).refillGreedy(PER_MINUTE, Duration.ofMinutes(1))).build())
          .tryConsume(1);
    }
  }
}
