package org.observatory.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.coprocessor.CoprocessorHost;
import org.observatory.schemas.tables.InProcessServer;

/**
 * One HBase mini cluster (ZooKeeper, master, region server) per test JVM, shared by every test class:
 * start-up dominates test time. HBase runs on the local file system, not MiniDFS, so the same helper
 * works in modules where Dropwizard's Jetty would break HDFS. Tests isolate themselves by namespace.
 * Its files live under the module's target directory.
 */
public final class MiniHBase {
  private static HBaseTestingUtility util;

  private MiniHBase() {}

  public static synchronized HBaseTestingUtility get() {
    if (util == null) {
      UsesStore.Guard.check();
      try {
        HBaseTestingUtility started = new HBaseTestingUtility();
        Configuration conf = started.getConfiguration();
        InProcessServer.configure(conf);
        conf.set(CoprocessorHost.MASTER_COPROCESSOR_CONF_KEY, SlowTableCreations.class.getName());
        started.startMiniZKCluster();
        started.startMiniHBaseCluster(StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build());
        // Never shut down: it lives as long as the test JVM, whose exit ends it (a clean shutdown
        // takes long enough on a busy machine to outlast surefire's exit timeout).
        util = started;
      } catch (Exception e) {
        throw new IllegalStateException("could not start the HBase mini cluster", e);
      }
    }
    return util;
  }

  public static Connection connection() {
    try {
      return get().getConnection();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Configuration configuration() {
    return get().getConfiguration();
  }

  public static int zookeeperPort() {
    return get().getZkCluster().getClientPort();
  }
}
