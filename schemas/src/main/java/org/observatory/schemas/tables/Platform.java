package org.observatory.schemas.tables;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The networks a store holds, kept apart: each platform's tables live in a namespace of their own
 * (Twitter's is the configured one, {@code observatory}; Bluesky's adds {@code _bluesky}), so neither
 * platform's tables, ids or cached counts can touch the other's.
 */
public enum Platform {
  TWITTER(""),
  BLUESKY("_bluesky");

  private final String suffix;

  Platform(String suffix) {
    this.suffix = suffix;
  }

  /** How the API, the configuration and /months name it: {@code twitter}, {@code bluesky}. */
  public String apiName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** This platform's namespace in a store whose configured (Twitter) namespace is {@code base}. */
  public String namespace(String base) {
    return base + suffix;
  }

  /** The platform whose tables a namespace holds. */
  public static Platform ofNamespace(String namespace) {
    return namespace.endsWith(BLUESKY.suffix) ? BLUESKY : TWITTER;
  }

  /** The configured (Twitter) namespace of a store, from any of its platforms' namespaces. */
  static String baseOf(String namespace) {
    Platform platform = ofNamespace(namespace);
    return namespace.substring(0, namespace.length() - platform.suffix.length());
  }

  /** @throws IllegalArgumentException naming the platforms there are */
  public static Platform named(String name) {
    return Arrays.stream(values()).filter(p -> p.apiName().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no platform '" + name + "': one of "
            + Arrays.stream(values()).map(Platform::apiName).collect(Collectors.joining(", "))));
  }
}
