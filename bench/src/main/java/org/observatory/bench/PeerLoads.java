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
   * One peer's load: how long it took, what it holds and the bytes it takes; over several runs, the
   * median seconds and bytes.
   *
   * @param documents the tweets the search index holds, or the rows of DuckDB's table (lines)
   * @param runSeconds every run's seconds, in the order they ran
   */
  public record Peer(String name, double seconds, long documents, long bytes, List<Double> runSeconds) {
    Peer(String name, double seconds, long documents, long bytes) {
      this(name, seconds, documents, bytes, List.of(seconds));
    }
  }

  /**
   * Each peer at the median of its runs, in the order named above. The runs must agree on what the peer
   * holds: a store that held other tweets in another run would make its median meaningless.
   */
  public static List<Peer> medians(List<List<Peer>> rounds) {
    List<Peer> medians = new ArrayList<>();
    for (int i = 0; i < rounds.get(0).size(); i++) {
      int peer = i;
      List<Peer> runs = rounds.stream().map(round -> round.get(peer)).toList();
      Peer first = runs.get(0);
      if (runs.stream().anyMatch(p -> !p.name().equals(first.name()) || p.documents() != first.documents())) {
        throw new IllegalStateException("the peer's runs hold different documents: " + runs);
      }
      medians.add(new Peer(first.name(), Stats.median(runs.stream().mapToDouble(Peer::seconds).toArray()),
          first.documents(), Math.round(Stats.median(runs.stream().mapToDouble(Peer::bytes).toArray())),
          runs.stream().map(Peer::seconds).toList()));
    }
    return medians;
  }

  /** Round {@code round} of the peers' loads, in the order named above. */
  public static List<Peer> measure(App app, Corpus corpus, Path work, int round)
      throws IOException, InterruptedException, SQLException {
    int cores = Runtime.getRuntime().availableProcessors();
    List<Peer> peers = new ArrayList<>();
    for (String codec : List.of("default", "best_compression")) {
      // a node of its own for each codec, so that the second load is not timed on a JVM the first warmed
      Path home = work.resolve("search-node-" + codec);
      try (App.Service node = searchNode(app, "search-node-" + codec + "-" + round, home)) {
        CommandSummary s = app.runBench("search-load-" + codec + "-" + round, SEARCH_NODE_PEER, "--url", node.url(),
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
