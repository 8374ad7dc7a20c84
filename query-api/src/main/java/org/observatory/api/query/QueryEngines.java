package org.observatory.api.query;

import java.util.EnumMap;
import java.util.Map;
import org.observatory.schemas.tables.Platform;

/**
 * The query engine of each platform the store holds, each on its platform's own tables: a query asks
 * one of them by its {@code platform} parameter, Twitter's when it names none.
 */
public final class QueryEngines {
  /** The parameter that names the platform. */
  public static final String PARAMETER = "platform";

  private final Map<Platform, QueryEngine> engines;

  public QueryEngines(Map<Platform, QueryEngine> engines) {
    this.engines = new EnumMap<>(engines);
  }

  /** @throws BadQueryException naming the platforms there are */
  public static Platform platform(String name) {
    if (name == null || name.isBlank()) {
      return Platform.TWITTER;
    }
    try {
      return Platform.named(name.strip());
    } catch (IllegalArgumentException e) {
      throw new BadQueryException(e.getMessage());
    }
  }

  /** The engine of the platform the parameters name. */
  public QueryEngine of(Map<String, String> parameters) {
    return of(platform(parameters.get(PARAMETER)));
  }

  public QueryEngine of(Platform platform) {
    return engines.get(platform);
  }
}
