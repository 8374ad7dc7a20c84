package org.observatory.api.security;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What a key may do: a reader queries and keeps its own jobs; an admin also sees and ends everyone's. */
public enum Role {
  READER,
  ADMIN;

  /** The names {@code @RolesAllowed} and the {@code keys} command use. */
  public static final String READER_NAME = "reader";
  public static final String ADMIN_NAME = "admin";

  public String apiName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether this role may do what {@code required} may: an admin may do all a reader may. */
  public boolean includes(String required) {
    return this == ADMIN || apiName().equals(required);
  }

  public static Role named(String name) {
    for (Role role : values()) {
      if (role.apiName().equals(name)) {
        return role;
      }
    }
    throw new IllegalArgumentException("no role " + name + "; roles are "
        + Arrays.stream(values()).map(Role::apiName).collect(Collectors.joining(", ")));
  }
}
