package org.observatory.api.security;

/**
 * Whether requests must carry a key: always when the port listens beyond loopback; on loopback, once
 * any key exists (as the {@link KeyWatch} last saw the store).
 */
final class KeysInForce {
  private final KeyWatch watch;
  private final boolean exposed;

  KeysInForce(KeyWatch watch, boolean exposed) {
    this.watch = watch;
    this.exposed = exposed;
  }

  boolean required() {
    return exposed || watch.anyActive();
  }
}
