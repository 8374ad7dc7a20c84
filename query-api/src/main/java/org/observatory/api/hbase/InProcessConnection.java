package org.observatory.api.hbase;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Hbck;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.ServerConnectionUtils;
import org.apache.hadoop.hbase.client.TableBuilder;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.security.User;

/**
 * A connection to the {@link EmbeddedHBase} of this JVM whose calls to its region server are method
 * calls: no cell block encoded, written to a socket, read and decoded again, no hand-over to a handler
 * thread. A stream replay took 14 % less time so
 * (docs/measurements/2026-11-30-loaders-call-the-embedded-region-server-in-process.md). HBase makes one
 * wherever a configuration names this class as its connection ({@link #configure}), so a MapReduce
 * job's tasks on the local runner get one too. The loaders use it; the service's queries keep HBase's
 * RPC client.
 */
public final class InProcessConnection implements Connection {
  private static final String CONNECTION_CLASS_KEY = "hbase.client.connection.impl";
  /** The region servers running in this JVM, by the root directory of their data. */
  private static final Map<String, HRegionServer> SERVERS = new ConcurrentHashMap<>();

  private final Connection calls;

  /** What {@code ConnectionFactory} calls for a configuration that names this class. */
  InProcessConnection(Configuration conf, ExecutorService pool, User user, Map<String, byte[]> attributes)
      throws IOException {
    String root = conf.get(HConstants.HBASE_DIR);
    HRegionServer server = SERVERS.get(root);
    if (server == null) {
      throw new IOException("no HBase runs in this process with its data in " + root);
    }
    calls = ServerConnectionUtils.createShortCircuitConnection(conf, user, server.getServerName(),
        server.getRSRpcServices(), server.getRSRpcServices(), null);
  }

  /** A copy of an embedded HBase's configuration whose connections are made by this class. */
  static Configuration configure(Configuration embedded) {
    Configuration conf = new Configuration(embedded);
    conf.set(CONNECTION_CLASS_KEY, InProcessConnection.class.getName());
    return conf;
  }

  static void register(Configuration conf, HRegionServer server) {
    SERVERS.put(conf.get(HConstants.HBASE_DIR), server);
  }

  static void unregister(Configuration conf) {
    SERVERS.remove(conf.get(HConstants.HBASE_DIR));
  }

  @Override
  public Configuration getConfiguration() {
    return calls.getConfiguration();
  }

  @Override
  public BufferedMutator getBufferedMutator(TableName table) throws IOException {
    return calls.getBufferedMutator(table);
  }

  @Override
  public BufferedMutator getBufferedMutator(BufferedMutatorParams params) throws IOException {
    return calls.getBufferedMutator(params);
  }

  @Override
  public RegionLocator getRegionLocator(TableName table) throws IOException {
    return calls.getRegionLocator(table);
  }

  @Override
  public void clearRegionLocationCache() {
    calls.clearRegionLocationCache();
  }

  @Override
  public Admin getAdmin() throws IOException {
    return calls.getAdmin();
  }

  @Override
  public TableBuilder getTableBuilder(TableName table, ExecutorService pool) {
    return calls.getTableBuilder(table, pool);
  }

  @Override
  public String getClusterId() {
    return calls.getClusterId();
  }

  @Override
  public Hbck getHbck() throws IOException {
    return calls.getHbck();
  }

  @Override
  public Hbck getHbck(ServerName master) throws IOException {
    return calls.getHbck(master);
  }

  @Override
  public void close() throws IOException {
    calls.close();
  }

  @Override
  public boolean isClosed() {
    return calls.isClosed();
  }

  @Override
  public void abort(String why, Throwable e) {
    calls.abort(why, e);
  }

  @Override
  public boolean isAborted() {
    return calls.isAborted();
  }
}
