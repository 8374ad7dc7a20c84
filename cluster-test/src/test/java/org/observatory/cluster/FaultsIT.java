package org.observatory.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * Processes killed with SIGKILL mid-ingest, as a crash or the OOM killer would: the stream daemon (its
 * embedded HBase dies with it) and a bulk load's MapReduce job, each then run again as an operator
 * would; and the service under a stream daemon attached to it, then started again while the daemon
 * waits. Afterwards every count equals the raw file's: no tweet lost, none counted twice.
 */
@UsesStore
class FaultsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DAY = "2013-08-10";
  private final Path root = Path.of(System.getProperty("observatory.root"));
  private final Path work = root.resolve("cluster-test/target/faults-it");
  private final RawMemes raw = RawMemes.of(SharedData.DAY_2013);

  @Test
  void aStreamDaemonKilledMidIngestLosesAndDoublesNothingOnceRunAgain() throws Exception {
    Path dir = fresh("stream");
    int streamAdmin = Service.freePort();
    Path config = config(dir, streamAdmin);
    String day = SharedData.file(SharedData.DAY_2013).toString();

    Process first = Commands.start(dir.resolve("stream-1.log"), opts(),
        List.of(launcher(), "stream", "-c", config.toString(), "--rate", "1500", "replay", day));
    long stored = awaitStored(first, streamAdmin, 1_000);
    first.destroyForcibly(); // SIGKILL: the daemon and the HBase inside it, mid-segment
    assertThat(first.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(stored).as("killed mid-ingest, not after it").isLessThan(raw.tweets().size());

    Commands.run(dir.resolve("stream-2.log"), opts(), 600,
        List.of(launcher(), "stream", "-c", config.toString(), "replay", day));
    assertCountsAreTheRawFiles(config, dir);
  }

  @Test
  void aServiceKilledUnderAnAttachedStreamDaemonLosesNothingOnceStartedAgain() throws Exception {
    Path dir = fresh("service");
    int streamAdmin = Service.freePort();
    Path config = config(dir, streamAdmin);
    String day = SharedData.file(SharedData.DAY_2013).toString();

    Service first = Service.start(root, config, List.of(), dir.resolve("server-1.log"));
    // Slow enough that lines keep arriving while the service is down and after it is back.
    Process daemon = Commands.start(dir.resolve("stream.log"), opts(),
        List.of(launcher(), "stream", "-c", config.toString(), "--rate", "250", "replay", day));
    long stored = awaitStored(daemon, streamAdmin, 1_000);
    first.kill(); // the service, and the embedded HBase the daemon writes to
    assertThat(stored).as("killed mid-ingest, not after it").isLessThan(raw.tweets().size());
    String problem = awaitUnhealthy(daemon, streamAdmin);
    assertThat(daemon.isAlive()).as("the daemon outlives its store").isTrue();

    try (Service second = Service.start(root, config, List.of(), dir.resolve("server-2.log"))) {
      assertThat(daemon.waitFor(10, TimeUnit.MINUTES)).as("the daemon finished: " + Commands.tail(dir.resolve("stream.log")))
          .isTrue();
      assertThat(daemon.exitValue()).as(Commands.tail(dir.resolve("stream.log"))).isZero();
      assertCountsAreTheRawFiles(second);
    }
    assertThat(problem).as("the daemon's health check says why it waits").containsIgnoringCase("HBase");
  }

  /**
   * The spool on a 4 MB file system of its own (tmpfs, mounted in a user namespace, so no root is
   * needed) while the replay runs flat out, far faster than HBase takes tweets: the disk fills again and
   * again, and the daemon holds the source back and says why until the loader has made room.
   */
  @Test
  void aStreamDaemonWhoseSpoolDiskFillsHoldsTheSourceBackAndLosesNothing() throws Exception {
    assumeTrue(userNamespaces(), "unshare cannot mount a file system here: no user namespaces");
    Path dir = fresh("spool-disk");
    int streamAdmin = Service.freePort();
    Path config = config(dir, streamAdmin);
    Path spool = Files.createDirectories(dir.resolve("spool"));
    Path log = dir.resolve("stream.log");

    Process daemon = Commands.start(log, opts(), List.of("unshare", "--user", "--map-root-user", "--mount",
        "sh", "-c", "mount -t tmpfs -o size=4m tmpfs \"$0\" && exec \"$@\"", spool.toString(),
        launcher(), "stream", "-c", config.toString(), "replay", SharedData.file(SharedData.DAY_2013).toString()));
    String problem = awaitUnhealthy(daemon, streamAdmin);
    assertThat(daemon.waitFor(10, TimeUnit.MINUTES)).as("the daemon finished: " + Commands.tail(log)).isTrue();
    assertThat(daemon.exitValue()).as(Commands.tail(log)).isZero();

    assertThat(problem).as("the health check says why").contains("disk takes no more", "No space left on device");
    assertThat(Files.readString(log)).as("no line was cut in two and set aside").contains(" malformed=0 ")
        .contains("holding the source back");
    assertCountsAreTheRawFiles(config, dir);
  }

  @Test
  void aBulkLoadKilledMidJobLosesAndDoublesNothingOnceRunAgain() throws Exception {
    Path dir = fresh("bulk");
    Path config = config(dir, Service.freePort());
    String day = SharedData.file(SharedData.DAY_2013).toString();

    Path log = dir.resolve("load-1.log");
    Process first = Commands.start(log, opts(), List.of(launcher(), "load", "-c", config.toString(), "--mode", "bulk", day));
    awaitLine(first, log, "MB read, [1-9]|input read", 180); // the job has read tweets, and is not done
    first.destroyForcibly();
    assertThat(first.waitFor(60, TimeUnit.SECONDS)).isTrue();

    Commands.run(dir.resolve("load-2.log"), opts(), 600,
        List.of(launcher(), "load", "-c", config.toString(), "--mode", "bulk", day));
    assertCountsAreTheRawFiles(config, dir);
  }

  /** meme-post-count of the day's top hashtags, and the top one's hourly counts, against the raw file. */
  private void assertCountsAreTheRawFiles(Path config, Path dir) throws Exception {
    try (Service service = Service.start(root, config, List.of(), dir.resolve("server.log"))) {
      assertCountsAreTheRawFiles(service);
    }
  }

  private void assertCountsAreTheRawFiles(Service service) throws Exception {
    List<String> memes = raw.mostFrequent("#", 8);
    long dayStart = Instant.parse(DAY + "T00:00:00Z").toEpochMilli();
    JsonNode counts = ok(service.get("/queries/meme-post-count?memes=" + encode(String.join(",", memes))
        + "&start=" + DAY + "&end=" + DAY)).get("counts");
    for (String meme : memes) {
      assertThat(counts.get(meme).asLong()).as(meme).isEqualTo(raw.count(meme, dayStart, dayStart + 86_400_000L))
          .isPositive();
    }
    JsonNode hours = ok(service.get("/queries/timestamp-count?granularity=hour&memes=" + encode(memes.get(0))
        + "&start=" + DAY + "&end=" + DAY)).get("counts");
    for (int h = 0; h < 24; h++) {
      Instant hour = Instant.ofEpochMilli(dayStart).plus(h, ChronoUnit.HOURS);
      long expected = raw.count(memes.get(0), hour.toEpochMilli(), hour.toEpochMilli() + 3_600_000L);
      assertThat(hours.path(hour.toString()).asLong(0)).as(hour.toString()).isEqualTo(expected);
    }
  }

  /** Waits until the daemon has stored at least {@code tweets}, by its own metrics; returns how many it had. */
  private static long awaitStored(Process daemon, int adminPort, long tweets) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (System.nanoTime() < deadline && daemon.isAlive()) {
      try {
        String metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + "/metrics"))
            .build(), HttpResponse.BodyHandlers.ofString()).body();
        long stored = JSON.readTree(metrics).path("gauges").path("stream.tweets-stored").path("value").asLong(0);
        if (stored >= tweets) {
          return stored;
        }
      } catch (java.io.IOException notYet) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the daemon did not store " + tweets + " tweets in time");
  }

  /** Waits until the daemon's health check fails, and returns what it says is wrong. */
  private static String awaitUnhealthy(Process daemon, int adminPort) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (System.nanoTime() < deadline && daemon.isAlive()) {
      try {
        HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort
            + "/healthcheck")).build(), HttpResponse.BodyHandlers.ofString());
        if (health.statusCode() != 200) {
          return JSON.readTree(health.body()).path("stream").path("message").asText();
        }
      } catch (java.io.IOException notYet) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the daemon never said that it could not store");
  }

  private static boolean userNamespaces() throws Exception {
    Process probe = new ProcessBuilder("unshare", "--user", "--map-root-user", "--mount", "true").start();
    return probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0;
  }

  private static void awaitLine(Process process, Path log, String pattern, int seconds) throws Exception {
    java.util.regex.Pattern line = java.util.regex.Pattern.compile(pattern);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline && process.isAlive()) {
      if (Files.exists(log) && line.matcher(Files.readString(log)).find()) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("'" + pattern + "' never appeared; the output: " + Commands.tail(log));
  }

  private Path config(Path dir, int streamAdmin) throws java.io.IOException {
    Path config = dir.resolve("config.yml");
    Files.writeString(config, String.join("\n",
        "server: {applicationConnectors: [{type: http, port: 0}], adminConnectors: [{type: http, port: 0}]}",
        "hbase: {dataDir: '" + dir.resolve("data") + "', zookeeperPort: " + Service.freePort() + "}",
        "load: {rejectsDir: '" + dir.resolve("rejected") + "', workDir: '" + dir.resolve("load-work") + "', seed: [], progressSeconds: 1}",
        "stream: {spoolDir: '" + dir.resolve("spool") + "', rejectsDir: '" + dir.resolve("rejected")
            + "', adminPort: " + streamAdmin + ", progressSeconds: 1}",
        "query: {workDir: '" + dir.resolve("query-work") + "', jobsDir: '" + dir.resolve("jobs") + "'}",
        "logging: {level: WARN, loggers: {org.observatory: INFO}, appenders: [{type: console, target: stderr}]}", ""));
    return config;
  }

  private Path fresh(String name) throws java.io.IOException {
    Path dir = work.resolve(name);
    if (Files.exists(dir)) {
      try (var paths = Files.walk(dir)) {
        for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    return Files.createDirectories(dir);
  }

  private String launcher() {
    return root.resolve("observatory").toString();
  }

  private static Map<String, String> opts() {
    return Map.of("OBSERVATORY_JAVA_OPTS", "-Xmx1500m");
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  private static JsonNode ok(HttpResponse<String> response) throws java.io.IOException {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }
}
