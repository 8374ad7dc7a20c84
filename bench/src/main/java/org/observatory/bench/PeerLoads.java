package org.observatory.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The stores an analyst would build of the same files instead, loaded and sized in the same run: an
 * OpenSearch node's index of them ({@link SearchNodePeer}) at both of its codecs, and
 * DuckDB's own database file, made as a DuckDB user makes one ({@code CREATE TABLE AS SELECT * FROM
 * read_json_auto}: every line a row, nothing deduplicated or flattened). Each from cold, on every
 * core: the node and its client in JVMs of their own, DuckDB in the harness's.
 */
public final class PeerLoads {
  public static final String SEARCH_DEFAULT = "OpenSearch, default codec (LZ4)";
  public static final String SEARCH_SMALLEST = "OpenSearch, best_compression (DEFLATE)";
  public static final String DUCKDB = "DuckDB's own table (read_json_auto)";

  /** By name: it runs beside Observatory's jar, whose parser this JVM lacks. */
  private static final String SEARCH_NODE_PEER = "org.observatory.bench.SearchNodePeer";
  private static final String SEARCH_NODE = "org.observatory.bench.searchnode.SearchNode";
  /**
   * The node's classpath as its module writes it at build time (its own classes beside it); the
   * default is from the project's root, where bench/run.sh runs the harness.
   */
  private static final Path NODE_CLASSPATH =
      Path.of(System.getProperty("observatory.searchNode", "bench/search-node/target/node.classpath"));

  private PeerLoads() {}

  /**
   * One peer's load: how long it took, what it holds and the bytes it takes.
   *
   * @param documents the tweets the search index holds, or the rows of DuckDB's table (lines)
   */
  public record Peer(String name, double seconds, long documents, long bytes) {}

  /** Peers in the order named above; none when the run leaves them out. */
  public static List<Peer> measure(App app, Corpus corpus, Path work) throws IOException, InterruptedException, SQLException {
    int cores = Runtime.getRuntime().availableProcessors();
    List<Peer> peers = new ArrayList<>();
    for (String codec : List.of("default", "best_compression")) {
      // a node of its own for each codec, so that the second load is not timed on a JVM the first warmed
      Path home = work.resolve("search-node-" + codec);
      try (App.Service node = searchNode(app, "search-node-" + codec, home)) {
        CommandSummary s = app.runBench("search-load-" + codec, SEARCH_NODE_PEER, "--url", node.url(),
            "--codec", codec, "--threads", Integer.toString(cores), corpus.dir());
        peers.add(new Peer(codec.equals("default") ? SEARCH_DEFAULT : SEARCH_SMALLEST, s.seconds(),
            s.counter("tweets"), s.counter("bytes")));
      } finally {
        Store.deleteTree(home);
      }
    }
    peers.add(duckDb(corpus, work.resolve("duckdb")));
    return peers;
  }

  /** Starts the OpenSearch node and returns once it answers. */
  static App.Service searchNode(App app, String name, Path home) throws IOException, InterruptedException {
    if (!Files.isRegularFile(NODE_CLASSPATH)) {
      throw new IllegalStateException(NODE_CLASSPATH + " is missing: build bench/search-node (mvn package) first");
    }
    String classPath = NODE_CLASSPATH.resolveSibling("classes") + java.io.File.pathSeparator
        + Files.readString(NODE_CLASSPATH).strip();
    int httpPort = Store.freePort();
    Process process = app.startJava(name, classPath, SEARCH_NODE, home.toString(),
        Integer.toString(httpPort), Integer.toString(Store.freePort()));
    String url = "http://127.0.0.1:" + httpPort;
    HttpClient http = HttpClient.newHttpClient();
    for (int second = 0; second < 120 && process.isAlive(); second++) {
      try {
        if (http.send(HttpRequest.newBuilder(URI.create(url + "/_cluster/health?wait_for_status=green&timeout=1s"))
            .build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return new App.Service(process, url);
        }
      } catch (IOException notYet) {
        // the node is still starting
      }
      Thread.sleep(1000);
    }
    process.destroy();
    throw new IllegalStateException("the OpenSearch node did not start: see its log, " + name + ".log");
  }

  /** DuckDB's database of the files, its lines parsed as DuckDB infers them; cut-off lines are skipped. */
  static Peer duckDb(Corpus corpus, Path dir) throws IOException, SQLException {
    Files.createDirectories(dir);
    Path file = dir.resolve("tweets.duckdb");
    String paths = DuckDbQueries.fileList(corpus.paths());
    try {
      long began = System.nanoTime();
      long rows;
      try (Connection db = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = db.createStatement()) {
        s.execute("CREATE TABLE tweets AS SELECT * FROM read_json_auto(" + paths
            + ", format = 'newline_delimited', ignore_errors = true, union_by_name = true)");
        s.execute("CHECKPOINT");
        try (ResultSet r = s.executeQuery("SELECT count(*) FROM tweets")) {
          r.next();
          rows = r.getLong(1);
        }
      }
      double seconds = (System.nanoTime() - began) / 1e9;
      return new Peer(DUCKDB, Math.round(seconds * 10) / 10.0, rows, StorageStage.bytes(dir));
    } finally {
      Store.deleteTree(dir);
    }
  }
}
