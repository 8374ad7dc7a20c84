package org.observatory.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The count queries over a window series, answered by the running service and by DuckDB over the raw
 * files: each pair of answers is compared first, and only agreeing ones are timed (median of warm runs
 * over HTTP for the service; DuckDB reads the files again for every query, so its runs are its own).
 *
 * <p>Usage: {@code PeerComparison TWEETS_DIR SERVICE_URL MEME START WINDOWS RUNS OUT.json}, with
 * WINDOWS like {@code 3h,1d,4d,16d}.
 */
public final class PeerComparison {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> QUERIES = List.of("meme-post-count", "timestamp-count", "user-post-count",
      "meme-cooccurrence-count", "retweet-edges", "mention-edges");

  private final DuckDbQueries duck;
  private final HttpClient http = HttpClient.newHttpClient();
  private final String service;

  private PeerComparison(DuckDbQueries duck, String service) {
    this.duck = duck;
    this.service = service;
  }

  /** One query at one window: whether the answers agree, and each side's median time. */
  record Timing(String query, String window, boolean agree, int size, double observatoryMs, double duckdbMs) {}

  public static void main(String[] args) throws Exception {
    List<Path> files;
    try (Stream<Path> listed = Files.list(Path.of(args[0]))) {
      files = listed.filter(f -> f.getFileName().toString().endsWith(".json.gz")).sorted().toList();
    }
    String meme = args[2];
    Instant start = Instant.parse(args[3]);
    int runs = Integer.parseInt(args[5]);
    List<Timing> timings = new ArrayList<>();
    try (DuckDbQueries duck = new DuckDbQueries(files)) {
      PeerComparison compare = new PeerComparison(duck, args[1]);
      for (String window : args[4].split(",")) {
        Instant end = start.plus(duration(window));
        for (String query : QUERIES) {
          Timing t = compare.time(query, meme, start, end, window, runs);
          timings.add(t);
          System.err.printf("%-24s %4s  %s  observatory %9.1f ms  duckdb %9.1f ms  size %d%n", query, window,
              t.agree() ? "agree   " : "DISAGREE", t.observatoryMs(), t.duckdbMs(), t.size());
        }
      }
    }
    JSON.writerWithDefaultPrettyPrinter().writeValue(Path.of(args[6]).toFile(), timings);
  }

  private Timing time(String query, String meme, Instant start, Instant end, String window, int runs)
      throws Exception {
    long[] duckMillis = new long[runs];
    Object duckAnswer = null;
    for (int i = 0; i < runs; i++) {
      long began = System.nanoTime();
      duckAnswer = duck(query, List.of(meme), start.toEpochMilli(), end.toEpochMilli());
      duckMillis[i] = System.nanoTime() - began;
    }
    String url = service + "/queries/" + query + "?memes=" + URLEncoder.encode(meme, StandardCharsets.UTF_8)
        + "&start=" + start + "&end=" + end.minusMillis(1); // the API's end is the last instant included
    Object answer = answer(get(url));
    for (int i = 0; i < 2; i++) {
      get(url); // warm-up
    }
    long[] millis = new long[runs];
    for (int i = 0; i < runs; i++) {
      long began = System.nanoTime();
      get(url);
      millis[i] = System.nanoTime() - began;
    }
    int size = duckAnswer instanceof Map<?, ?> m ? m.size() : ((List<?>) duckAnswer).size();
    return new Timing(query, window, answer.equals(normalize(duckAnswer)), size, median(millis), median(duckMillis));
  }

  private Object duck(String query, List<String> memes, long start, long end) throws Exception {
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

  private JsonNode get(String url) throws Exception {
    HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(10))
        .build(), HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() != 200) {
      throw new IllegalStateException(url + " answered " + response.statusCode() + ": "
          + new String(response.body(), StandardCharsets.UTF_8));
    }
    return JSON.readTree(response.body());
  }

  /** The service's counts or rows, as DuckDbQueries gives them. */
  private static Object answer(JsonNode body) {
    return normalize(JSON.convertValue(body.has("counts") ? body.get("counts") : body.get("rows"), Object.class));
  }

  /** Numbers as longs, maps compared by content. */
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

  private static double median(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    double mid = sorted.length % 2 == 1 ? sorted[sorted.length / 2]
        : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2.0;
    return Math.round(mid / 100_000.0) / 10.0;
  }

  private static Duration duration(String window) {
    long n = Long.parseLong(window.substring(0, window.length() - 1));
    return window.endsWith("h") ? Duration.ofHours(n) : Duration.ofDays(n);
  }
}
