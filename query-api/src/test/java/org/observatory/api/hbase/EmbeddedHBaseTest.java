package org.observatory.api.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.TweetTable;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;
import org.observatory.testing.TableSnapshot;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

@UsesStore
class EmbeddedHBaseTest {
  @Test
  void keepsItsDataAcrossARestartButNoWriteAheadLogItsTablesNoLongerNeed(@TempDir Path dir) throws Exception {
    HBaseFactory factory = new HBaseFactory().withDataDir(dir.resolve("data").toString())
        .withZookeeper(null, freePort()).withNamespace("restart");
    Map<String, String> before;
    try (HBaseStore store = factory.open(false)) {
      TestLoads.load(store.connection(), store.tableNames(), dir.resolve("rejects"), SharedData.file(SharedData.DAY_NL));
      before = TableSnapshot.of(store.connection(), "restart");
    }
    Path hbase = dir.resolve("data").resolve("hbase");
    assertThat(filesUnder(hbase.resolve("oldWALs"))).as("logs whose edits are all in table files").isEmpty();
    assertThat(filesUnder(hbase.resolve("WALs"))).as("logs of the stopped server").isEmpty();

    try (HBaseStore store = factory.open(false)) {
      assertThat(TableSnapshot.of(store.connection(), "restart")).isNotEmpty().isEqualTo(before);
    }
  }

  private static List<Path> filesUnder(Path dir) throws Exception {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      return paths.filter(Files::isRegularFile).toList();
    }
  }

  @Test
  void aRestartAfterTheProcessWasKilledBringsEveryRegionBack(@TempDir Path dir) throws Exception {
    int port = freePort();
    Process killed = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx1g", "-cp", System.getProperty("java.class.path"), KilledEmbeddedHBase.class.getName(), dir.toString(),
        Integer.toString(port), SharedData.file(SharedData.DAY_NL).toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("killed.log").toFile()).start();
    try {
      long deadline = System.nanoTime() + 180_000_000_000L;
      while (!Files.readString(dir.resolve("killed.log")).contains("LOADED")) {
        assertThat(killed.isAlive()).as("the process to kill is running").isTrue();
        assertThat(System.nanoTime()).as("the process to kill loaded its day").isLessThan(deadline);
        Thread.sleep(200);
      }
      Thread.sleep(3_000); // while it creates tables
    } finally {
      killed.destroyForcibly(); // SIGKILL: no flush, no clean shutdown of HBase or ZooKeeper
      killed.waitFor();
    }
    Set<Long> january = new HashSet<>(); // the statuses and their originals of 2016-01
    SharedData.lines(SharedData.DAY_NL).map(Json::tree).forEach(s -> collect(s, january));

    HBaseFactory factory = new HBaseFactory().withDataDir(dir.resolve("data").toString())
        .withZookeeper(null, port).withNamespace("killed");
    try (HBaseStore store = factory.open(false)) {
      try (Admin admin = store.connection().getAdmin()) {
        for (TableName table : admin.listTableNamesByNamespace("killed")) {
          try (Table t = store.connection().getTable(table);
              ResultScanner first = t.getScanner(new Scan().setOneRowLimit())) {
            first.next(); // fails, after the client's retries, while a region of the table is offline
          }
        }
      }
      try (Table tweets = store.connection().getTable(store.tableNames().tweets(Month.parse("2016-01")));
          ResultScanner rows = tweets.getScanner(TweetTable.statuses())) {
        long stored = 0;
        for (Result row : rows) {
          stored++;
        }
        assertThat(stored).as("the killed process's tweets, from its write-ahead log").isEqualTo(january.size());
      }
    }
  }

  /** The ids of a status and of the originals it embeds, at any depth, created in 2016-01. */
  private static void collect(JsonNode status, Set<Long> ids) {
    if (!status.has("id")) {
      return;
    }
    if (Month.of(Json.createdAt(status))
        .equals(Month.parse("2016-01"))) {
      ids.add(status.get("id").asLong());
    }
    collect(status.path("retweeted_status"), ids);
    collect(status.path("quoted_status"), ids);
  }

  @Test
  void aSecondServerOnTheSamePortIsRefusedWithAClearMessage(@TempDir Path dir) throws Exception {
    HBaseFactory factory = new HBaseFactory().withDataDir(dir.toString()).withZookeeper(null, freePort());
    try (ServerSocket taken = new ServerSocket(0)) {
      HBaseFactory clash = new HBaseFactory().withDataDir(dir.toString()).withZookeeper(null, taken.getLocalPort());
      assertThatThrownBy(() -> clash.open(false)).hasMessageContaining("port " + taken.getLocalPort() + " is taken");
    }
    assertThat(factory.isEmbedded()).isTrue();
  }

  @Test
  void aPortHeldByAnotherSocketIsReportedNotSilentlyReplaced(@TempDir Path dir) throws Exception {
    try (Socket held = new Socket()) {
      held.bind(new InetSocketAddress(0)); // held like a connection's local port: nothing listens on it
      int port = held.getLocalPort();
      HBaseFactory factory = new HBaseFactory().withDataDir(dir.toString()).withZookeeper(null, port);
      assertThatThrownBy(() -> factory.open(false)).hasMessageContaining("ZooKeeper could not listen on port " + port);
    }
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
