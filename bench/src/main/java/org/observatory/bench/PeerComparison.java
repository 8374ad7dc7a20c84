package org.observatory.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The count queries answered by the running service and by DuckDB over the same raw files, the tool an
 * analyst would otherwise reach for. Each pair of answers is compared first; both are then timed (the
 * median of warm runs over HTTP for the service; DuckDB reads the files again for every query, as an
 * ad-hoc query would).
 */
public final class PeerComparison {
  public static final List<String> QUERIES = List.of("meme-post-count", "timestamp-count", "user-post-count",
      "meme-cooccurrence-count", "retweet-edges", "mention-edges");
  private static final ObjectMapper JSON = new ObjectMapper();

  private PeerComparison() {}

  /** One query at one window: whether the answers agree, and each side's median time. */
  public record Timing(String query, String window, boolean agree, int size, double observatoryMs,
      double duckdbMs) {
    /** How many times longer DuckDB took. */
    public double ratio() {
      return Math.round(duckdbMs / observatoryMs * 10) / 10.0;
    }
  }

  public static List<Timing> compare(ServiceClient service, Corpus corpus, HarnessSettings s) throws Exception {
    List<Timing> timings = new ArrayList<>();
    try (DuckDbQueries duck = new DuckDbQueries(corpus.paths())) {
      for (Window window : s.peerWindows()) {
        for (String query : QUERIES) {
          Timing t = time(service, duck, query, s, window);
          timings.add(t);
          System.err.printf("%-24s %4s  %s  observatory %9.1f ms  duckdb %9.1f ms  size %d%n", query,
              window.name(), t.agree() ? "agree   " : "DISAGREE", t.observatoryMs(), t.duckdbMs(), t.size());
        }
      }
    }
    return timings;
  }

  private static Timing time(ServiceClient service, DuckDbQueries duck, String query, HarnessSettings s,
      Window window) throws Exception {
    Instant start = s.eventStart();
    Instant end = window.end(start);
    double[] duckMillis = new double[s.peerRuns()];
    Object duckAnswer = null;
    for (int run = 0; run < s.peerRuns(); run++) {
      long began = System.nanoTime();
      duckAnswer = duck(duck, query, List.of(s.meme()), start.toEpochMilli(), end.toEpochMilli());
      duckMillis[run] = (System.nanoTime() - began) / 1e6;
    }
    Object answer = normalize(JSON.convertValue(service.ask(query, s.meme(), start, end).body(), Object.class));
    service.ask(query, s.meme(), start, end); // warm-up
    double[] millis = new double[s.peerRuns()];
    for (int run = 0; run < s.peerRuns(); run++) {
      millis[run] = service.ask(query, s.meme(), start, end).millis();
    }
    int size = duckAnswer instanceof Map<?, ?> m ? m.size() : ((List<?>) duckAnswer).size();
    return new Timing(query, window.name(), answer.equals(normalize(duckAnswer)), size, Stats.median(millis),
        Stats.median(duckMillis));
  }

  private static Object duck(DuckDbQueries duck, String query, List<String> memes, long start, long end)
      throws Exception {
    return switch (query) {
      case "meme-post-count" -> duck.memePostCount(memes, start, end);
      case "timestamp-count" -> duck.timestampCount(memes, start, end);
      case "user-post-count" -> duck.userPostCount(memes, start, end);
      case "meme-cooccurrence-count" -> duck.memeCooccurrenceCount(memes, start, end);
      case "retweet-edges" -> duck.retweetEdges(memes, start, end);
      case "mention-edges" -> duck.mentionEdges(memes, start, end);
      default -> throw new IllegalArgumentException("not a count query: " + query);
    };
  }

  /** Numbers as longs, maps compared by content: the service's JSON and DuckDB's rows side by side. */
  private static Object normalize(Object value) {
    if (value instanceof Number n) {
      return n.longValue();
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put(k, normalize(v)));
      return out;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(PeerComparison::normalize).toList();
    }
    return value;
  }
}
