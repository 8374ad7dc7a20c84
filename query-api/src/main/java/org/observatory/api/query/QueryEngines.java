package org.observatory.api.query;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.observatory.schemas.tables.Platform;

/**
 * The query engine of each platform the store holds, each on its platform's own tables: a query asks
 * one of them by its {@code platform} parameter, Twitter's when it names none. {@code platform=both}
 * asks the counting queries of both and adds their counts: a tweet and a post are never the same, so
 * the sum is exact.
 */
public final class QueryEngines {
  /** The parameter that names the platform. */
  public static final String PARAMETER = "platform";
  /** The value that asks every platform at once. */
  public static final String BOTH = "both";
  /** The queries {@code platform=both} answers: counts that add up across platforms. */
  private static final Set<QueryKind> SUMMED = EnumSet.of(QueryKind.MEME_POST_COUNT, QueryKind.TIMESTAMP_COUNT);

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
      throw new BadQueryException(e.getMessage() + (name.strip().equals(BOTH)
          ? " (both answers meme-post-count and timestamp-count, now, not in the background)" : ", or both"));
    }
  }

  /** Whether the parameters ask every platform at once. */
  public static boolean asksBoth(Map<String, String> parameters) {
    String name = parameters.get(PARAMETER);
    return name != null && name.strip().equals(BOTH);
  }

  /**
   * A counting query asked of every platform: each one's answer, their counts added key by key, the
   * months each scanned named with its platform ({@code bluesky 2026-07}).
   *
   * @throws BadQueryException for a query whose answers do not add up
   */
  public QueryResult answerOnEvery(String kind, Map<String, String> parameters) throws IOException {
    QueryResult sum = null;
    for (Map.Entry<Platform, QueryEngine> engine : engines.entrySet()) {
      Query query = engine.getValue().parse(kind, parameters);
      if (!SUMMED.contains(query.kind()) || !(query instanceof AnswerQuery answered)) {
        throw new BadQueryException("platform=both answers meme-post-count and timestamp-count; ask "
            + query.kind().apiName() + " of twitter and of bluesky");
      }
      QueryResult one = engine.getValue().answer(answered, Progress.IGNORED);
      sum = sum == null ? labelled(one, engine.getKey()) : added(sum, labelled(one, engine.getKey()));
    }
    return sum;
  }

  private static QueryResult labelled(QueryResult result, Platform platform) {
    QueryResult.Meta m = result.meta();
    List<String> months = m.months().stream().map(month -> platform.apiName() + " " + month).toList();
    List<QueryResult.Skipped> skipped = m.skipped() == null ? List.of() : m.skipped().stream()
        .map(s -> new QueryResult.Skipped(platform.apiName() + " " + s.month(), s.index(), s.reason())).toList();
    return new QueryResult(result.query(), result.start(), result.endExclusive(), result.counts(), result.rows(),
        new QueryResult.Meta(months, m.phase1Tweets(), m.evaluation(), m.millis(), m.paths(), skipped, m.cuts()));
  }

  private static QueryResult added(QueryResult a, QueryResult b) {
    Map<String, Long> counts = new LinkedHashMap<>(a.counts());
    b.counts().forEach((key, n) -> counts.merge(key, n, Long::sum));
    List<String> months = new ArrayList<>(a.meta().months());
    months.addAll(b.meta().months());
    List<QueryResult.Skipped> skipped = new ArrayList<>(a.meta().skipped());
    skipped.addAll(b.meta().skipped());
    String evaluation = a.meta().evaluation().equals(b.meta().evaluation()) ? a.meta().evaluation()
        : a.meta().evaluation() + "," + b.meta().evaluation();
    return new QueryResult(a.query(), a.start(), a.endExclusive(), counts, null, new QueryResult.Meta(months,
        a.meta().phase1Tweets() + b.meta().phase1Tweets(), evaluation, a.meta().millis() + b.meta().millis(), null,
        skipped, List.of()));
  }

  /** The engine of the platform the parameters name. */
  public QueryEngine of(Map<String, String> parameters) {
    return of(platform(parameters.get(PARAMETER)));
  }

  public QueryEngine of(Platform platform) {
    return engines.get(platform);
  }
}
