package org.observatory.api.hbase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HConstants;
import org.observatory.api.hbase.secret.SecretZooKeeper;
import org.observatory.api.hbase.secret.StoreAccess;
import org.observatory.api.hbase.secret.StoreSecret;
import org.observatory.mapreduce.PrivateDirectories;
import org.observatory.schemas.tables.InProcessServer;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Hbck;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.master.RegionState;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.apache.hadoop.hbase.zookeeper.MiniZooKeeperCluster;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real HBase inside this JVM: an in-process ZooKeeper and a {@link LocalHBaseCluster} (one master,
 * one region server) keeping its data under a local directory, so it survives restarts.
 */
public final class EmbeddedHBase implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedHBase.class);
  private static final long START_TIMEOUT_MILLIS = 180_000;

  private final Configuration conf;
  private final StoreSecret secret;
  private final MiniZooKeeperCluster zookeeper;
  private final LocalHBaseCluster cluster;

  private EmbeddedHBase(Configuration conf, StoreSecret secret, MiniZooKeeperCluster zookeeper,
      LocalHBaseCluster cluster) {
    this.conf = conf;
    this.secret = secret;
    this.zookeeper = zookeeper;
    this.cluster = cluster;
  }

  /**
   * Settings that make HBase run standalone on the local file system under {@code dataDir}, its ports
   * open only to a process that can read the store's secret there.
   */
  public static void configure(Configuration conf, Path dataDir, int zookeeperPort) {
    Path dir = dataDir.toAbsolutePath().normalize();
    conf.setBoolean(HConstants.CLUSTER_DISTRIBUTED, false);
    conf.set(HConstants.HBASE_DIR, dir.resolve("hbase").toUri().toString());
    conf.set("hbase.tmp.dir", dir.resolve("tmp").toString());
    conf.set(HConstants.ZOOKEEPER_QUORUM, "localhost");
    conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, zookeeperPort);
    InProcessServer.configure(conf);
    conf.setInt(HConstants.MASTER_PORT, 0);
    conf.setInt(HConstants.REGIONSERVER_PORT, 0);
    StoreAccess.require(conf, secretFile(dir));
  }

  /** The store's secret, which the commands that attach to a running service read. */
  public static Path secretFile(Path dataDir) {
    return dataDir.toAbsolutePath().normalize().resolve(StoreSecret.FILE_NAME);
  }

  /** Starts ZooKeeper and HBase and waits until the master is initialized. */
  public static EmbeddedHBase start(Configuration conf, Path dataDir) throws IOException {
    long started = System.nanoTime();
    PrivateDirectories.create(dataDir);
    StoreSecret secret = StoreSecret.createIn(dataDir);
    StoreAccess.serve(secret);
    try {
      return start(conf, dataDir, secret, started);
    } catch (IOException | RuntimeException e) {
      StoreAccess.stopServing(secret);
      throw e;
    }
  }

  private static EmbeddedHBase start(Configuration conf, Path dataDir, StoreSecret secret, long started)
      throws IOException {
    Path zkDir = dataDir.toAbsolutePath().resolve("zookeeper");
    // HBase keeps its state in its root directory; ZooKeeper's copy would only hold stale sessions.
    deleteRecursively(zkDir);
    MiniZooKeeperCluster zookeeper = new MiniZooKeeperCluster(conf);
    int port = conf.getInt(HConstants.ZOOKEEPER_CLIENT_PORT, 2181);
    zookeeper.setDefaultClientPort(port);
    // On a port held by another socket ZooKeeper moves to the next one, where nothing would find it.
    if (SecretZooKeeper.start(secret, () -> zookeeper.startup(zkDir.toFile())) != port) {
      zookeeper.shutdown();
      throw new IOException("ZooKeeper could not listen on port " + port + ", which another program holds: "
          + "set hbase.zookeeperPort in the configuration to a free one");
    }
    // Metrics sources get unique names, so one JVM can start the embedded HBase more than once.
    DefaultMetricsSystem.setMiniClusterMode(true);
    LocalHBaseCluster cluster = new LocalHBaseCluster(conf, 1, 1, HMaster.class, HRegionServer.class);
    cluster.startup();
    EmbeddedHBase hbase = new EmbeddedHBase(conf, secret, zookeeper, cluster);
    try {
      hbase.awaitMaster();
      hbase.recoverUnknownServers();
      InProcessConnection.register(conf, cluster.getRegionServer(0));
    } catch (IOException | RuntimeException e) {
      hbase.close();
      throw e;
    }
    LOG.info("embedded HBase up in {} ms, data in {}", (System.nanoTime() - started) / 1_000_000, dataDir.toAbsolutePath());
    return hbase;
  }

  public Configuration configuration() {
    return conf;
  }

  /** This HBase's configuration, but with connections that call its region server in-process. */
  public Configuration loaderConfiguration() {
    return InProcessConnection.configure(conf);
  }

  @Override
  public void close() throws IOException {
    InProcessConnection.unregister(conf);
    try {
      cluster.shutdown();
      cluster.join();
      deleteArchivedLogs();
    } finally {
      zookeeper.shutdown();
      StoreAccess.stopServing(secret);
    }
    LOG.info("embedded HBase stopped");
  }

  /**
   * Deletes the write-ahead logs HBase archived: a log goes there once every edit in it is in a table
   * file, and is kept only for replication and backups, which an in-process HBase never serves
   * ({@link InProcessServer} has its master delete them every minute). Those archived by the shutdown
   * itself would otherwise stay until the next start's cleaner.
   */
  private void deleteArchivedLogs() throws IOException {
    org.apache.hadoop.fs.Path archived =
        new org.apache.hadoop.fs.Path(CommonFSUtils.getWALRootDir(conf), HConstants.HREGION_OLDLOGDIR_NAME);
    FileSystem fs = CommonFSUtils.getWALFileSystem(conf);
    if (!fs.exists(archived)) {
      return;
    }
    for (FileStatus log : fs.listStatus(archived)) {
      if (log.isFile()) {
        fs.delete(log.getPath(), false);
      }
    }
  }

  private void awaitMaster() throws IOException {
    await("the embedded HBase master to start", () -> {
      HMaster master = cluster.getActiveMaster();
      return master != null && master.isInitialized();
    });
  }

  /**
   * After a kill (SIGKILL, a crash, power loss) hbase:meta still places regions on the region server
   * of the previous run, which this master has never heard of. HBase leaves such "unknown servers" to
   * an operator (HBCK2 {@code recoverUnknown}) and their regions stay offline for good; here no other
   * region server can exist, so the embedded HBase recovers them itself before it is declared up.
   */
  private void recoverUnknownServers() throws IOException {
    HMaster master = cluster.getActiveMaster();
    // Hbck.scheduleSCPsForUnknownServers would do this, but its RPC fails with a NullPointerException
    // whenever a region has no server at all (a table whose creation the kill interrupted).
    List<ServerName> unknown = master.getAssignmentManager().getRegionStates().getRegionStates().stream()
        .map(RegionState::getServerName)
        .filter(server -> server != null && master.getServerManager().isServerUnknown(server))
        .distinct()
        .toList();
    if (unknown.isEmpty()) {
      return;
    }
    List<Long> recoveries;
    try (Connection connection = ConnectionFactory.createConnection(conf); Hbck hbck = connection.getHbck()) {
      recoveries = hbck.scheduleServerCrashProcedures(unknown);
    }
    LOG.info("the previous run did not stop cleanly: recovering the regions of {}", unknown);
    await("the regions of the previous run to be recovered",
        () -> recoveries.stream().allMatch(master.getMasterProcedureExecutor()::isFinished)
            && !master.getAssignmentManager().hasRegionsInTransition());
  }

  private static void await(String what, BooleanSupplier done) throws IOException {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
    while (!done.getAsBoolean()) {
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("waited " + START_TIMEOUT_MILLIS / 1000 + " s for " + what + " in vain");
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted waiting for " + what, e);
      }
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
