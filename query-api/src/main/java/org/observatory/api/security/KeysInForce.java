package org.observatory.api.security;

import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether requests must carry a key: always when the API listens beyond loopback; on loopback, once any
 * key exists (looked up again every few seconds, so the first key made by the command counts without a
 * restart).
 */
final class KeysInForce {
  private static final Logger LOG = LoggerFactory.getLogger(KeysInForce.class);
  private static final long RECHECK_MILLIS = 5_000;

  private final ApiKeys keys;
  private final boolean exposed;
  private volatile boolean anyKey;
  private volatile long checkedAt;

  KeysInForce(ApiKeys keys, boolean exposed) throws IOException {
    this.keys = keys;
    this.exposed = exposed;
    this.anyKey = keys.anyActive();
    this.checkedAt = System.currentTimeMillis();
  }

  boolean required() {
    if (exposed) {
      return true;
    }
    long now = System.currentTimeMillis();
    if (now - checkedAt > RECHECK_MILLIS) {
      checkedAt = now;
      try {
        anyKey = keys.anyActive();
      } catch (IOException e) {
        LOG.warn("could not look up whether keys exist, going on as before ({}): {}",
            anyKey ? "keys required" : "none yet", e.toString());
      }
    }
    return anyKey;
  }
}
