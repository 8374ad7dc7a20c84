package org.observatory.api.query.engine;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.observatory.api.query.output.QueryResult;
import org.observatory.testdata.RawMemes;

/** What top-memes should answer, counted from the raw tweets, independently of the trend index. */
public final class RawTop {
  private static final Pattern HOST = Pattern.compile("^(?:[A-Za-z][A-Za-z0-9+.-]*://)?(?:[^/?#@]*@)?([^/?#:@]+)");

  private RawTop() {}

  /** Each kind's keys of a raw tweet, written as top-memes writes them. */
  static Function<RawMemes.RawTweet, Set<String>> keys(String kind) {
    return switch (kind) {
      case "hashtags" -> t -> t.memes().stream().filter(m -> m.startsWith("#")).collect(Collectors.toSet());
      case "mentions" -> t -> t.memes().stream().filter(m -> m.startsWith("@")).collect(Collectors.toSet());
      case "urls" -> t -> t.memes().stream().filter(m -> !m.startsWith("#") && !m.startsWith("@"))
          .collect(Collectors.toSet());
      case "domains" -> t -> t.memes().stream().filter(m -> !m.startsWith("#") && !m.startsWith("@"))
          .map(RawTop::domain).filter(d -> !d.isEmpty()).collect(Collectors.toSet());
      case "users" -> t -> Set.of(Long.toString(t.userId()));
      default -> throw new IllegalArgumentException(kind);
    };
  }

  /** Key → tweets created in [from, to). */
  static Map<String, Long> counts(List<RawMemes.RawTweet> tweets, String kind, long from, long to) {
    Map<String, Long> counts = new HashMap<>();
    tweets.stream().filter(t -> t.createdAt() >= from && t.createdAt() < to)
        .forEach(t -> keys(kind).apply(t).forEach(k -> counts.merge(k, 1L, Long::sum)));
    return counts;
  }

  /** The {@code limit} most frequent keys of [from, to) with their counts, most first, ties by key. */
  public static Map<String, Long> top(List<RawMemes.RawTweet> tweets, String kind, long from, long to, int limit) {
    Map<String, Long> top = new LinkedHashMap<>();
    counts(tweets, kind, from, to).entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .limit(limit).forEach(e -> top.put(e.getKey(), e.getValue()));
    return top;
  }

  /** An answer's rows of one interval as key → count, in order. */
  public static Map<String, Long> rows(QueryResult result, String start) {
    Map<String, Long> rows = new LinkedHashMap<>();
    result.rows().stream().filter(r -> r.get("start").equals(start))
        .forEach(r -> rows.put((String) r.get("key"), ((Number) r.get("count")).longValue()));
    return rows;
  }

  static String domain(String url) {
    Matcher host = HOST.matcher(url);
    if (!host.find()) {
      return "";
    }
    String name = host.group(1).toLowerCase(Locale.ROOT);
    return name.startsWith("www.") ? name.substring(4) : name;
  }
}
