package org.observatory.api.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.testdata.SharedData;
import org.observatory.testing.TableSnapshot;
import org.observatory.testing.TestLoads;

class EmbeddedHBaseTest {
  @Test
  void keepsItsDataAcrossARestart(@TempDir Path dir) throws Exception {
    HBaseFactory factory = new HBaseFactory().withDataDir(dir.resolve("data").toString())
        .withZookeeper(null, freePort()).withNamespace("restart");
    Map<String, String> before;
    try (HBaseStore store = factory.open(false)) {
      TestLoads.load(store.connection(), store.tableNames(), dir.resolve("rejects"), SharedData.file(SharedData.DAY_NL));
      before = TableSnapshot.of(store.connection(), "restart");
    }

    try (HBaseStore store = factory.open(false)) {
      assertThat(TableSnapshot.of(store.connection(), "restart")).isNotEmpty().isEqualTo(before);
    }
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
