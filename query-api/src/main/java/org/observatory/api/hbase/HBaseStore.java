package org.observatory.api.hbase;

import io.dropwizard.lifecycle.Managed;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.observatory.schemas.tables.TableNames;

/** An open HBase connection, and the embedded HBase behind it when this process runs one. */
public final class HBaseStore implements Managed, AutoCloseable {
  private final Configuration conf;
  private final TableNames names;
  private final Connection connection;
  private final EmbeddedHBase embedded;

  private HBaseStore(Configuration conf, TableNames names, Connection connection, EmbeddedHBase embedded) {
    this.conf = conf;
    this.names = names;
    this.connection = connection;
    this.embedded = embedded;
  }

  static HBaseStore connect(Configuration conf, TableNames names, EmbeddedHBase embedded) throws IOException {
    try {
      return new HBaseStore(conf, names, ConnectionFactory.createConnection(conf), embedded);
    } catch (IOException e) {
      if (embedded != null) {
        embedded.close();
      }
      throw e;
    }
  }

  public Connection connection() {
    return connection;
  }

  /**
   * A new connection for a loader, which closes it: where this process runs the embedded HBase, one
   * that calls its region server in-process ({@link InProcessConnection}), as do the connections its
   * MapReduce tasks open from the connection's configuration.
   */
  public Connection loaderConnection() throws IOException {
    return ConnectionFactory.createConnection(embedded == null ? conf : embedded.loaderConfiguration());
  }

  public Configuration configuration() {
    return conf;
  }

  public TableNames tableNames() {
    return names;
  }

  @Override
  public void stop() throws IOException {
    close();
  }

  @Override
  public void close() throws IOException {
    try {
      connection.close();
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
  }
}
