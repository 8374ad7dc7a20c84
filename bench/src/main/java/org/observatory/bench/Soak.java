package org.observatory.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The soak ({@code bench/run.sh soak [--minutes 10] [--clients 32] [--keys 0]}): the embedded default, a
 * real day of tweets loaded, and many clients at once asking a mix of every kind of query (and background
 * jobs) for minutes on end; a client that submits a job polls it, fetches its result and removes it. With
 * {@code --keys K}, the service has K reader keys and the clients share them round the table, each key's
 * fair-use limits in force; a client told 429 waits the {@code Retry-After} it was given, as the Python
 * client does. Reports throughput, latency per query, the share of each status, and the heap after a
 * collection; every answer other than 200/202/204, 429 and 503 (which say "later") is a failure, and
 * fails the run. Writes {@code soak.json} and {@code soak.md}.
 */
public final class Soak {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DAY = "2013-08-10";
  private static final Path SHARED_DAY = Path.of("../shared/data/tweets/tweets." + DAY + ".json.gz");
  /** What an analyst's session asks, and how often: counts most, content queries, lookups, a job now and then. */
  private static final List<String> MIX = List.of("meme-post-count", "meme-post-count", "timestamp-count",
      "timestamp-count", "top-memes", "user-post-count", "retweet-edges", "mention-edges", "meme-cooccurrence-count",
      "meme-network", "diffusion-edges", "get-tweets-with-meme", "user-activity", "job");

  private Soak() {}

  /** One request: what was asked, its status and time. */
  record Outcome(String query, int status, double millis) {}

  public record Latency(String query, long requests, double p50Millis, double p99Millis) {}

  public record Results(int clients, int keys, double minutes, long requests, double requestsPerSecond,
      Map<Integer, Long> statuses, long failures, List<Latency> latencies, double p50Millis, double p99Millis,
      long heapUsedAfterMb, long heapMaxMb, List<String> failureSamples) {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options = options(args);
    int clients = Integer.parseInt(options.getOrDefault("clients", "32"));
    int keyCount = Integer.parseInt(options.getOrDefault("keys", "0"));
    double minutes = Double.parseDouble(options.getOrDefault("minutes", "10"));
    Path out = Files.createDirectories(Path.of(options.getOrDefault("out", "bench/results")));
    Path work = Files.createDirectories(Path.of(options.getOrDefault("work", "bench/work")));
    Path run = Files.createTempDirectory(work, "soak-");
    App app = new App(options.getOrDefault("app-jar", "query-api/target/observatory.jar"), JavaOptions.launchers(JavaOptions.LAUNCHERS),
        out.resolve("logs"));
    Store store = Store.create(run.resolve("store"));
    try {
      app.run("soak-load", "load", "-c", store.config(null).toString(), SHARED_DAY.toString());
      List<String> keys = new ArrayList<>();
      for (int k = 0; k < keyCount; k++) {
        keys.add(app.output("soak-key-" + k, "keys", "-c", store.config(null).toString(), "create", "--name",
            "soak-" + k));
      }
      // Once keys exist the admin port, read for the heap at the end, wants an admin's.
      String adminKey = keyCount == 0 ? null : app.output("soak-admin-key", "keys", "-c", store.config(null).toString(),
          "create", "--name", "soak-admin", "--role", "admin");
      try (App.Service service = app.serve("soak-server", store, null)) {
        List<String> memes = topMemes(service.url(), keys.isEmpty() ? null : keys.get(0));
        System.err.printf("== soak: %d clients (%d keys) for %.1f minutes over %s, memes %s%n", clients, keyCount,
            minutes, DAY, memes);
        Results results = soak(service.url(), clients, keys, minutes, memes, store.adminPort(), adminKey);
        new ObjectMapper().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.resolve("soak.json").toFile(), results);
        String markdown = markdown(results);
        Files.writeString(out.resolve("soak.md"), markdown);
        System.out.println(markdown);
        if (results.failures() > 0) {
          throw new IllegalStateException(results.failures() + " requests failed that should have succeeded: "
              + results.failureSamples());
        }
      }
    } finally {
      Store.deleteTree(run);
    }
  }

  /** @param adminKey for the admin port once keys exist; null when none do */
  static Results soak(String url, int clients, List<String> keys, double minutes, List<String> memes, int adminPort,
      String adminKey) throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    long end = System.nanoTime() + (long) (minutes * 60e9);
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    for (int c = 0; c < clients; c++) {
      String key = keys.isEmpty() ? null : keys.get(c % keys.size());
      pool.submit(() -> {
        Client client = new Client(http, key, outcomes, failures);
        while (System.nanoTime() < end) {
          Request request = next(url, memes);
          HttpResponse<String> answer = client.send(request);
          if (request.method().equals("POST") && answer != null && answer.statusCode() == 202) {
            client.followJob(url, JSON.readTree(answer.body()).get("id").asText());
          }
        }
        return null;
      });
    }
    pool.shutdown();
    pool.awaitTermination((long) (minutes * 60) + 300, java.util.concurrent.TimeUnit.SECONDS);
    return results(clients, keys.size(), minutes, List.copyOf(outcomes), List.copyOf(failures),
        heapAfterCollection(http, adminPort, adminKey));
  }

  /** One analyst's client: sends, times and records each request. */
  private record Client(HttpClient http, String key, ConcurrentLinkedQueue<Outcome> outcomes,
      ConcurrentLinkedQueue<String> failures) {
    /** The response, or null when none came (recorded as status 0); after a 429, waits as it was told to. */
    HttpResponse<String> send(Request request) throws InterruptedException {
      long began = System.nanoTime();
      HttpResponse<String> response = null;
      String body;
      try {
        HttpRequest.Builder builder = HttpRequest.newBuilder(request.uri()).timeout(Duration.ofMinutes(2))
            .method(request.method(), HttpRequest.BodyPublishers.noBody());
        if (key != null) {
          builder.header("Authorization", "Bearer " + key);
        }
        response = http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
        body = response.body();
      } catch (Exception e) {
        body = e.toString();
      }
      int status = response == null ? 0 : response.statusCode();
      outcomes.add(new Outcome(request.query(), status, (System.nanoTime() - began) / 1e6));
      if (!fine(status) && failures.size() < 10) {
        failures.add(request.method() + " " + request.uri() + " -> " + status + " " + body.substring(0, Math.min(200, body.length())));
      }
      if (status == 429 && key != null) {
        Thread.sleep(1000L * Math.min(30, Long.parseLong(response.headers().firstValue("Retry-After").orElse("1"))));
      }
      return response;
    }

    /** As an analyst's client does: polls the job until it ends, fetches its result, and removes it. */
    void followJob(String url, String id) throws Exception {
      URI job = URI.create(url + "/jobs/" + id);
      for (int poll = 0; poll < 600; poll++) {
        HttpResponse<String> status = send(new Request("job status", "GET", job));
        if (status != null && status.statusCode() == 429) {
          continue; // asked again once the wait it was told is over
        }
        if (status == null || status.statusCode() != 200 || !JSON.readTree(status.body()).get("state").asText()
            .matches("QUEUED|RUNNING")) {
          break;
        }
        Thread.sleep(200);
      }
      send(new Request("job results", "GET", URI.create(job + "/results")));
      send(new Request("job delete", "DELETE", job));
    }
  }

  private static boolean fine(int status) {
    return status == 200 || status == 202 || status == 204 || status == 429 || status == 503;
  }

  record Request(String query, String method, URI uri) {}

  /** A random query of the mix, for a random meme of the day's top ones, over a random window of the day. */
  static Request next(String url, List<String> memes) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    String query = MIX.get(random.nextInt(MIX.size()));
    String meme = memes.get(random.nextInt(memes.size()));
    int hours = List.of(1, 3, 6, 24).get(random.nextInt(4));
    Instant start = Instant.parse(DAY + "T00:00:00Z").plusSeconds(3600L * random.nextInt(25 - hours));
    String window = "&start=" + start + "&end=" + start.plusSeconds(3600L * hours - 1);
    String memeParam = "memes=" + URLEncoder.encode(meme, StandardCharsets.UTF_8);
    return switch (query) {
      case "job" -> new Request("job (retweet-edges)", "POST", URI.create(url + "/jobs/retweet-edges?" + memeParam + window));
      case "top-memes" -> new Request(query, "GET", URI.create(url + "/queries/top-memes?kind=hashtags&limit=20" + window));
      case "user-activity" -> new Request(query, "GET", URI.create(url + "/queries/user-activity?user=1" + window));
      case "get-tweets-with-meme" -> new Request(query, "GET",
          URI.create(url + "/queries/get-tweets-with-meme?" + memeParam + window + "&fields=userId,screenName,hashtags"));
      default -> new Request(query, "GET", URI.create(url + "/queries/" + query + "?" + memeParam + window));
    };
  }

  /** The day's 10 most used hashtags, as the service ranks them. */
  static List<String> topMemes(String url, String key) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url
        + "/queries/top-memes?kind=hashtags&limit=10&start=" + DAY + "&end=" + DAY));
    if (key != null) {
      request.header("Authorization", "Bearer " + key);
    }
    HttpResponse<String> response = HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    List<String> memes = new ArrayList<>();
    for (JsonNode row : JSON.readTree(response.body()).get("rows")) {
      memes.add(row.get("key").asText());
    }
    if (memes.isEmpty()) {
      throw new IllegalStateException("no hashtags in the loaded day: " + response.body());
    }
    return memes;
  }

  /** The service's heap after a full collection (Dropwizard's gc task), in MB: what the soak left behind. */
  static long[] heapAfterCollection(HttpClient http, int adminPort, String adminKey) throws Exception {
    String admin = "http://localhost:" + adminPort;
    http.send(withKey(HttpRequest.newBuilder(URI.create(admin + "/tasks/gc")), adminKey)
        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
    JsonNode gauges = JSON.readTree(http.send(withKey(HttpRequest.newBuilder(URI.create(admin + "/metrics")), adminKey)
        .build(), HttpResponse.BodyHandlers.ofString()).body()).get("gauges");
    return new long[] {gauges.get("jvm.memory.heap.used").get("value").asLong() >> 20,
        gauges.get("jvm.memory.heap.max").get("value").asLong() >> 20};
  }

  private static HttpRequest.Builder withKey(HttpRequest.Builder request, String key) {
    return key == null ? request : request.header("Authorization", "Bearer " + key);
  }

  static Results results(int clients, int keys, double minutes, List<Outcome> outcomes, List<String> failures,
      long[] heap) {
    Map<Integer, Long> statuses = new TreeMap<>();
    Map<String, List<Double>> byQuery = new TreeMap<>();
    for (Outcome o : outcomes) {
      statuses.merge(o.status(), 1L, Long::sum);
      byQuery.computeIfAbsent(o.query(), q -> new ArrayList<>()).add(o.millis());
    }
    List<Latency> latencies = new ArrayList<>();
    byQuery.forEach((query, millis) -> latencies.add(new Latency(query, millis.size(), percentile(millis, 50),
        percentile(millis, 99))));
    List<Double> all = outcomes.stream().map(Outcome::millis).toList();
    long failed = outcomes.stream().filter(o -> !fine(o.status())).count();
    return new Results(clients, keys, minutes, outcomes.size(), Math.round(outcomes.size() / (minutes * 60) * 10) / 10.0,
        statuses, failed, latencies, percentile(all, 50), percentile(all, 99), heap[0], heap[1], failures);
  }

  static double percentile(List<Double> values, int p) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    return sorted.length == 0 ? 0 : Math.round(sorted[(int) Math.min(sorted.length - 1, Math.ceil(p / 100.0 * sorted.length) - 1)] * 10) / 10.0;
  }

  static String markdown(Results r) {
    StringBuilder md = new StringBuilder(String.format(Locale.ROOT,
        "# Soak: %d clients%s for %.1f minutes on the embedded default%n%n"
            + "%,d requests, %.1f a second; p50 %.1f ms, p99 %.1f ms; %d failed that should have succeeded. "
            + "Heap after a full collection: %,d MB of %,d MB.%n%n| status | requests | share |%n|---|---|---|%n",
        r.clients(), r.keys() == 0 ? "" : String.format(Locale.ROOT, " sharing %d keys", r.keys()), r.minutes(),
        r.requests(), r.requestsPerSecond(), r.p50Millis(), r.p99Millis(), r.failures(),
        r.heapUsedAfterMb(), r.heapMaxMb()));
    r.statuses().forEach((status, n) -> md.append(String.format(Locale.ROOT, "| %d | %,d | %.2f %% |%n", status, n,
        100.0 * n / r.requests())));
    md.append("\n| query | requests | p50 ms | p99 ms |\n|---|---|---|---|\n");
    for (Latency l : r.latencies()) {
      md.append(String.format(Locale.ROOT, "| %s | %,d | %.1f | %.1f |%n", l.query(), l.requests(), l.p50Millis(),
          l.p99Millis()));
    }
    return md.toString();
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> options = new TreeMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        throw new IllegalArgumentException("options are --name value: " + args[i]);
      }
      options.put(args[i].substring(2), args[i + 1]);
    }
    return options;
  }
}
