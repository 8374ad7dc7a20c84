package org.observatory.api.security;

import io.dropwizard.lifecycle.Managed;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The keys in the store, looked at every few seconds: whether any is active (so the first key the
 * command makes counts without a restart), and every key made, revoked or removed since, recorded in
 * this service's own trail whoever changed it (the command of any process, an HBase shell), as actor
 * {@value #ACTOR}. The command records its own change too, with its user, in its own log.
 */
final class KeyWatch implements Managed {
  private static final Logger LOG = LoggerFactory.getLogger(KeyWatch.class);
  static final long EVERY_MILLIS = 5_000;
  /** Who a change seen in the store is put down to: the store, the maker being unknown here. */
  static final String ACTOR = "store";

  private final ApiKeys keys;
  private final ScheduledExecutorService every;
  private volatile Map<String, ApiKeys.StoredKey> seen;

  KeyWatch(ApiKeys keys, ScheduledExecutorService every) throws IOException {
    this.keys = keys;
    this.every = every;
    this.seen = byId();
  }

  boolean anyActive() {
    return seen.values().stream().anyMatch(ApiKeys.StoredKey::active);
  }

  /** Whether the token is the secret of an active key, as last seen: no lookup in the store. */
  boolean matches(String token) {
    return KeyToken.parse(token).map(parsed -> {
      ApiKeys.StoredKey key = seen.get(parsed.id());
      return key != null && key.matches(parsed);
    }).orElse(false);
  }

  @Override
  public void start() {
    every.scheduleWithFixedDelay(this::look, EVERY_MILLIS, EVERY_MILLIS, TimeUnit.MILLISECONDS);
  }

  private void look() {
    Map<String, ApiKeys.StoredKey> now;
    try {
      now = byId();
    } catch (IOException | RuntimeException e) {
      LOG.warn("could not look at the keys, going on with what was seen last ({}): {}",
          anyActive() ? "keys required" : "none yet", e.toString());
      return;
    }
    Map<String, ApiKeys.StoredKey> before = seen;
    now.forEach((id, key) -> {
      ApiKeys.StoredKey was = before.get(id);
      if (was == null) {
        Audit.record(ACTOR, "key.create", id, "seen", Map.of("name", key.name(), "role", key.role().apiName(),
            "created", key.created().toString()));
      }
      if (!key.active() && (was == null || was.active())) {
        Audit.record(ACTOR, "key.revoke", id, "seen", Map.of("name", key.name(), "revoked", key.revoked().toString()));
      }
    });
    before.keySet().stream().filter(id -> !now.containsKey(id))
        .forEach(id -> Audit.record(ACTOR, "key.remove", id, "seen", Map.of("name", before.get(id).name())));
    seen = now;
  }

  private Map<String, ApiKeys.StoredKey> byId() throws IOException {
    Map<String, ApiKeys.StoredKey> all = new LinkedHashMap<>();
    for (ApiKeys.StoredKey key : keys.list()) {
      all.put(key.id(), key);
    }
    return all;
  }
}
