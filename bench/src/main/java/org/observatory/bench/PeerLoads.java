package org.observatory.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The stores an analyst would build of the same files instead, loaded and sized in the same run: the
 * Elasticsearch-style index ({@link SearchIndexPeer}) at both of Elasticsearch's codecs, and DuckDB's own
 * database file, made as a DuckDB user makes one ({@code CREATE TABLE AS SELECT * FROM read_json_auto}:
 * every line a row, nothing deduplicated or flattened). Each from cold, in a JVM of its own, on every core.
 */
public final class PeerLoads {
  public static final String SEARCH_DEFAULT = "search index, best_speed (Elasticsearch's default)";
  public static final String SEARCH_SMALLEST = "search index, best_compression";
  public static final String DUCKDB = "DuckDB's own table (read_json_auto)";

  /** By name: it runs beside Observatory's jar, whose Lucene this JVM lacks. */
  private static final String SEARCH_INDEX_PEER = "org.observatory.bench.SearchIndexPeer";

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
    for (String codec : List.of("best_speed", "best_compression")) {
      Path dir = work.resolve("search-" + codec);
      try {
        CommandSummary s = app.runBench("search-index-" + codec, SEARCH_INDEX_PEER, "--codec", codec,
            "--threads", Integer.toString(cores), "--dir", dir.toString(), corpus.dir());
        peers.add(new Peer(codec.equals("best_speed") ? SEARCH_DEFAULT : SEARCH_SMALLEST, s.seconds(),
            s.counter("tweets"), s.counter("bytes")));
      } finally {
        Store.deleteTree(dir);
      }
    }
    peers.add(duckDb(corpus, work.resolve("duckdb")));
    return peers;
  }

  /** DuckDB's database of the files, its lines parsed as DuckDB infers them; cut-off lines are skipped. */
  static Peer duckDb(Corpus corpus, Path dir) throws IOException, SQLException {
    Files.createDirectories(dir);
    Path file = dir.resolve("tweets.duckdb");
    String paths = corpus.paths().stream().map(f -> "'" + f.toAbsolutePath().toString().replace("'", "''") + "'")
        .collect(Collectors.joining(", ", "[", "]"));
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
