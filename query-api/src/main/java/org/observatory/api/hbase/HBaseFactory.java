package org.observatory.api.hbase;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.observatory.api.hbase.secret.StoreSecret;
import org.observatory.schemas.tables.TableNames;

/**
 * Where the tables live. With no {@code zookeeperQuorum} Observatory runs a real HBase inside its own
 * JVM, keeping data under {@code dataDir}; with one, it is a client of that cluster.
 */
public class HBaseFactory {
  static final List<String> SITE_FILES =
      List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml", "mapred-site.xml", "hbase-site.xml");

  /** ZooKeeper hosts of an HBase cluster (comma-separated); empty: run the embedded HBase. */
  @JsonProperty
  private String zookeeperQuorum;

  /** The cluster's ZooKeeper client port, or the embedded ZooKeeper's. */
  @JsonProperty
  @Min(1)
  @Max(65535)
  private int zookeeperPort = 21818;

  /** Where the embedded HBase keeps its data. */
  @JsonProperty
  @NotEmpty
  private String dataDir = "data";

  @JsonProperty
  @NotEmpty
  private String namespace = TableNames.DEFAULT_NAMESPACE;

  /** Regions each new month table is pre-split into. */
  @JsonProperty
  @Min(1)
  private int regionsPerTable = 1;

  /**
   * A cluster's client configuration directory, as HBASE_CONF_DIR or HADOOP_CONF_DIR hold it: whichever
   * of {@link #SITE_FILES} it has are read, the settings here and in {@code properties} winning over them.
   */
  @JsonProperty
  private String configDir;

  /** Any further HBase or Hadoop client settings, passed through as they are. */
  @JsonProperty
  private Map<String, String> properties = new LinkedHashMap<>();

  /** Derived, not a setting: written out as one, the built-in configuration failed to read itself back. */
  @JsonIgnore
  public boolean isEmbedded() {
    return zookeeperQuorum == null || zookeeperQuorum.isBlank();
  }

  public Path dataDir() {
    return Path.of(dataDir);
  }

  public TableNames tableNames() {
    return new TableNames(namespace);
  }

  public int regionsPerTable() {
    return regionsPerTable;
  }

  public HBaseFactory withZookeeper(String quorum, int port) {
    this.zookeeperQuorum = quorum;
    this.zookeeperPort = port;
    return this;
  }

  public HBaseFactory withDataDir(String dir) {
    this.dataDir = dir;
    return this;
  }

  public HBaseFactory withNamespace(String ns) {
    this.namespace = ns;
    return this;
  }

  /**
   * Opens a connection; for the embedded default, starts the embedded HBase first — unless
   * {@code attach} is set and one is already serving on the configured port (a running server), in
   * which case this becomes its client.
   */
  public HBaseStore open(boolean attach) throws IOException {
    Configuration conf = HBaseConfiguration.create();
    // Fail fast enough for a 503 instead of hanging a request when HBase is away.
    conf.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 10);
    conf.setInt(HConstants.HBASE_CLIENT_OPERATION_TIMEOUT, 60_000);
    conf.setInt("zookeeper.recovery.retry", 3);
    if (isEmbedded()) {
      EmbeddedHBase.configure(conf, dataDir(), zookeeperPort);
    } else {
      conf.set(HConstants.ZOOKEEPER_QUORUM, zookeeperQuorum);
      conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, zookeeperPort);
    }
    if (configDir != null) {
      readSiteFiles(conf, Path.of(configDir));
    }
    properties.forEach(conf::set);
    if (!isEmbedded()) {
      return HBaseStore.connect(conf, tableNames(), null);
    }
    if (attach && listening(zookeeperPort)) {
      StoreSecret.read(EmbeddedHBase.secretFile(dataDir())); // refused here, clearly, rather than by every retry
      return HBaseStore.connect(conf, tableNames(), null);
    }
    if (listening(zookeeperPort)) {
      throw new IOException("port " + zookeeperPort + " is taken (another Observatory server, or a "
          + "ZooKeeper?): stop it, or set hbase.zookeeperPort in the configuration");
    }
    return HBaseStore.connect(conf, tableNames(), EmbeddedHBase.start(conf, dataDir()));
  }

  private static void readSiteFiles(Configuration conf, Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new IOException("hbase.configDir " + dir.toAbsolutePath() + " is not a directory");
    }
    for (String name : SITE_FILES) {
      Path file = dir.resolve(name);
      if (Files.isRegularFile(file)) {
        // Values set on conf stay over the file's: Configuration keeps them apart from its resources.
        conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
      }
    }
  }

  private static boolean listening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("localhost", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
