package org.observatory.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.observatory.api.hbase.HBaseFactory;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.schemas.tables.IdTable;
import org.observatory.schemas.tables.Platform;
import org.observatory.schemas.tables.RowKeys;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.TweetTable;

/**
 * The daemon as an operator runs it — {@code observatory stream bluesky}, its own embedded store —
 * killed with SIGKILL while paced events stream in, and started again at once: how long until it stores
 * again, and then, against what the events say should be stored, how many posts are missing or stored
 * twice.
 */
final class KilledDaemon {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path JAR = Path.of("query-api/target/observatory.jar");

  record Figures(double secondsToStoringAgain, long lost, long doubled) {}

  private KilledDaemon() {}

  static Figures run(List<String> events, double perSecond, Path dir) throws Exception {
    Files.createDirectories(dir);
    JetstreamServer server = new JetstreamServer(events, perSecond);
    server.start();
    int zookeeper = freePort();
    int admin = freePort();
    Path config = dir.resolve("daemon.yml");
    Files.writeString(config, """
        server:
          applicationConnectors: [{type: http, port: 0}]
          adminConnectors: [{type: http, port: 0}]
        hbase:
          dataDir: %s
          zookeeperPort: %d
        stream:
          spoolDir: %s
          rejectsDir: %s
          adminPort: %d
          bluesky:
            instances: [%s]
            behindSeconds: 1000000000
        logging:
          level: WARN
          appenders: [{type: console, target: stderr}]
          loggers: {org.observatory: INFO}
        """.formatted(dir.resolve("data"), zookeeper, dir.resolve("spool"), dir.resolve("rejected"), admin, server.uri()));
    Process daemon = start(config, dir.resolve("daemon-1.log"));
    awaitStored(admin, 1_000, 300);
    Thread.sleep(10_000);
    daemon.destroyForcibly().waitFor();
    long killed = System.nanoTime();
    daemon = start(config, dir.resolve("daemon-2.log"));
    awaitStored(admin, 1, 300);
    double resumed = (System.nanoTime() - killed) / 1e9;
    while (server.sent.get() < events.size()) {
      Thread.sleep(500);
    }
    long stored = -1;
    for (long now = storedSoFar(admin); now != stored; now = storedSoFar(admin)) { // until it stops moving
      stored = now;
      Thread.sleep(5_000);
    }
    daemon.destroy();
    daemon.waitFor(120, TimeUnit.SECONDS);
    server.stop(1000);
    return count(events, dir.resolve("data"), zookeeper, resumed);
  }

  private static Process start(Path config, Path log) throws IOException {
    return new ProcessBuilder("java", "-Xmx2g", "-jar", JAR.toString(), "stream", "-c", config.toString(), "bluesky")
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  private static void awaitStored(int admin, long atLeast, int seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (storedSoFar(admin) < atLeast) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the daemon stored nothing in " + seconds + " s");
      }
      Thread.sleep(100);
    }
  }

  /** What the daemon says it stored since it started; -1 while it does not answer. */
  private static long storedSoFar(int admin) {
    try {
      HttpResponse<String> metrics = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin + "/metrics")).build(),
          HttpResponse.BodyHandlers.ofString());
      return JSON.readTree(metrics.body()).path("gauges").path("stream.tweets-stored").path("value").asLong(-1);
    } catch (IOException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  /** The posts and reposts the events leave standing, each looked up in the store the daemon left. */
  private static Figures count(List<String> events, Path data, int zookeeper, double resumed) throws Exception {
    Set<String> standing = new LinkedHashSet<>();
    Map<String, Set<String>> byAuthor = new HashMap<>();
    for (String line : events) {
      JsonNode e = JSON.readTree(line);
      String did = e.path("did").asText();
      JsonNode commit = e.path("commit");
      String collection = commit.path("collection").asText();
      if (e.path("kind").asText().equals("account") && !e.path("account").path("active").asBoolean(true)
          && e.path("account").path("status").asText().equals("deleted")) {
        standing.removeAll(byAuthor.getOrDefault(did, Set.of()));
      } else if (collection.equals("app.bsky.feed.post") || collection.equals("app.bsky.feed.repost")) {
        String uri = "at://" + did + "/" + collection + "/" + commit.path("rkey").asText();
        if (commit.path("operation").asText().equals("delete")) {
          standing.remove(uri);
        } else {
          standing.add(uri);
          byAuthor.computeIfAbsent(did, d -> new HashSet<>()).add(uri);
        }
      }
    }
    TableNames names = new TableNames(TableNames.DEFAULT_NAMESPACE).of(Platform.BLUESKY);
    try (HBaseStore store = new HBaseFactory().withDataDir(data.toString()).withZookeeper(null, zookeeper).open(false);
        Table ids = store.connection().getTable(names.ids())) {
      long rows = 0;
      try (Admin admin = store.connection().getAdmin()) {
        for (TableName table : admin.listTableNamesByNamespace(names.namespace())) {
          if (table.getQualifierAsString().startsWith("tweets-")) {
            try (Table t = store.connection().getTable(table);
                ResultScanner scanner = t.getScanner(new Scan().setFilter(new FirstKeyOnlyFilter()))) {
              for (Result ignored : scanner) {
                rows++;
              }
            }
          }
        }
      }
      long found = 0;
      for (String uri : standing) {
        byte[] id = ids.get(new Get(IdTable.nameRow(uri)).addColumn(IdTable.IDS, IdTable.ID)).getValue(IdTable.IDS, IdTable.ID);
        if (id != null && exists(store, names, RowKeys.id(id))) {
          found++;
        }
      }
      return new Figures(resumed, standing.size() - found, rows - found);
    }
  }

  private static boolean exists(HBaseStore store, TableNames names, long id) throws IOException {
    var month = org.observatory.schemas.tables.Month.of(org.observatory.schemas.tweet.Snowflake.millis(id).orElse(0));
    try (Table t = store.connection().getTable(names.tweets(month))) {
      return t.exists(TweetTable.getStatus(id));
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
