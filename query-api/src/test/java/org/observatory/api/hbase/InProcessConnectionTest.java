package org.observatory.api.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.coprocessor.ObserverContext;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.RegionObserver;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.wal.WALEdit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.SharedData;
import org.observatory.testing.TableSnapshot;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

@UsesStore
class InProcessConnectionTest {
  private static final byte[] FAMILY = Bytes.toBytes("f");

  @Test
  void aLoadersPutRunsOnItsOwnThreadAndAnRpcClientsOnAHandlers(@TempDir Path dir) throws Exception {
    try (HBaseStore store = open(dir)) {
      TableName table = TableName.valueOf("calls");
      try (Admin admin = store.connection().getAdmin()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(table)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY))
            .setCoprocessor(PutThread.class.getName()).build());
      }
      String caller = Thread.currentThread().getName();
      try (Connection loader = store.loaderConnection()) {
        assertThat(putFrom(loader, table, "in-process")).isEqualTo(caller);
      }
      assertThat(putFrom(store.connection(), table, "rpc")).isNotEqualTo(caller).contains("handler");
      try (Connection loader = store.loaderConnection(); Table t = loader.getTable(table)) {
        assertThat(Bytes.toString(t.get(new Get(Bytes.toBytes("rpc"))).getValue(FAMILY, FAMILY))).isEqualTo("rpc");
        assertThat(Bytes.toString(t.get(new Get(Bytes.toBytes("in-process"))).getValue(FAMILY, FAMILY)))
            .isEqualTo("in-process");
      }
    }
  }

  @Test
  void aDirectLoadThroughItStoresWhatOneThroughRpcStores(@TempDir Path dir) throws Exception {
    try (HBaseStore store = open(dir)) {
      try (Connection loader = store.loaderConnection()) {
        TestLoads.load(loader, new TableNames("inprocess"), dir.resolve("rejects-in"), SharedData.file(SharedData.DAY_NL));
      }
      TestLoads.load(store.connection(), new TableNames("rpc"), dir.resolve("rejects-rpc"), SharedData.file(SharedData.DAY_NL));
      Map<String, String> inProcess = byTable(TableSnapshot.of(store.connection(), "inprocess"));
      assertThat(inProcess).hasSizeGreaterThan(3).isEqualTo(byTable(TableSnapshot.of(store.connection(), "rpc")));
    }
  }

  @Test
  void noneOnceTheHBaseHasStopped(@TempDir Path dir) throws Exception {
    Configuration conf;
    try (HBaseStore store = open(dir)) {
      try (Connection loader = store.loaderConnection()) {
        conf = loader.getConfiguration();
      }
    }
    assertThatThrownBy(() -> ConnectionFactory.createConnection(conf)).isInstanceOf(IOException.class)
        .hasStackTraceContaining("no HBase runs in this process");
  }

  private static HBaseStore open(Path dir) throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    return new HBaseFactory().withDataDir(dir.resolve("data").toString()).withZookeeper(null, port).open(false);
  }

  /** The name of the thread the region server ran the put on. */
  private static String putFrom(Connection connection, TableName table, String row) throws IOException {
    try (Table t = connection.getTable(table)) {
      t.put(new Put(Bytes.toBytes(row)).addColumn(FAMILY, FAMILY, Bytes.toBytes(row)));
    }
    return PutThread.last;
  }

  /** The namespace taken out of each table's name. */
  private static Map<String, String> byTable(Map<String, String> snapshot) {
    Map<String, String> tables = new TreeMap<>();
    snapshot.forEach((name, cells) -> tables.put(TableName.valueOf(name).getQualifierAsString(), cells));
    return tables;
  }

  /** Records the thread each put runs on in the region server. */
  public static final class PutThread implements RegionCoprocessor, RegionObserver {
    static volatile String last;

    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    @Override
    public void prePut(ObserverContext<RegionCoprocessorEnvironment> c, Put put, WALEdit edit, Durability durability) {
      last = Thread.currentThread().getName();
    }
  }
}
