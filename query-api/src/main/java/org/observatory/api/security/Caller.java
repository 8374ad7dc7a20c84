package org.observatory.api.security;

import java.security.Principal;

/**
 * Who sent a request: the key it carried (by id, never the secret), or the local user of a service
 * that has no keys yet and answers on loopback only.
 */
public record Caller(String keyId, String name, Role role) implements Principal {
  /** Every request of a keyless service: only this machine's users reach it. */
  public static final Caller LOCAL = new Caller("local", "local", Role.ADMIN);

  @Override
  public String getName() {
    return name;
  }

  /** Whether this caller may see and end a job of {@code owner}: its own, or any, for an admin. */
  public boolean mayActOn(String owner) {
    return role == Role.ADMIN || keyId.equals(owner);
  }
}
