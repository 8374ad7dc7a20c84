package org.observatory.api.query.engine;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.catalogue.Query;
import org.observatory.api.query.catalogue.QueryParameter;
import org.observatory.api.query.catalogue.Share;
import org.observatory.schemas.tables.Platform;

/**
 * The query engine of each platform the store holds, each on its platform's own tables: a query asks
 * one of them by its {@code platform} parameter (Twitter's when it names none), or {@code both}, whose
 * answers add up the platforms' shares ({@link Share}) and whose lookups interleave their tweets in time
 * order.
 */
public final class QueryEngines {
  /** The parameter that names the platform. */
  /** The value that asks every platform at once. */
  public static final String BOTH = "both";

  private final Map<Platform, QueryEngine> engines;

  public QueryEngines(Map<Platform, QueryEngine> engines) {
    this.engines = new EnumMap<>(engines);
  }

  /**
   * The platforms a {@code platform} parameter names: Twitter when absent, every one for {@code both}.
   *
   * @throws BadQueryException naming the platforms there are
   */
  public static List<Platform> platforms(String name) {
    if (name == null || name.isBlank()) {
      return List.of(Platform.TWITTER);
    }
    if (name.strip().equals(BOTH)) {
      return List.of(Platform.values());
    }
    try {
      return List.of(Platform.named(name.strip()));
    } catch (IllegalArgumentException e) {
      throw new BadQueryException(e.getMessage() + ", or both");
    }
  }

  /**
   * The query of that name with those parameters, parsed by the engine of each platform they name.
   *
   * @throws BadQueryException saying what is wrong: an unknown query or platform, a bad or missing parameter
   */
  public Asked parse(String kind, Map<String, String> parameters) {
    return parse(kind, parameters, platforms(parameters.get(QueryParameter.PLATFORM.apiName())));
  }

  /** The same, of these platforms. */
  public Asked parse(String kind, Map<String, String> parameters, List<Platform> platforms) {
    List<QueryEngine> asked = new ArrayList<>();
    List<Query> queries = new ArrayList<>();
    for (Platform platform : platforms) {
      asked.add(of(platform));
      queries.add(of(platform).parse(kind, parameters));
    }
    return new Asked(asked, queries);
  }

  public QueryEngine of(Platform platform) {
    return engines.get(platform);
  }
}
