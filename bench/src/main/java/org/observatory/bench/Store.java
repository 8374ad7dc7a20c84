package org.observatory.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.Stream;

/**
 * A fresh embedded store for one measurement: its directory, free ports, and the configuration file
 * every command of the measurement is given.
 */
public record Store(Path dir, int zookeeperPort, int httpPort, int adminPort, int streamAdminPort) {
  private static final Random RANDOM = new Random();

  public static Store create(Path dir) throws IOException {
    Files.createDirectories(dir);
    return new Store(dir, freePort(), freePort(), freePort(), freePort());
  }

  /**
   * The configuration file, with phase 2 going to MapReduce above {@code mapReduceThreshold} tweets (null:
   * the product's default for the deployment, never with the embedded store's local job runner).
   */
  public Path config(Long mapReduceThreshold) throws IOException {
    return config("shipped-spec", mapReduceThreshold, null);
  }

  /** The same, with an index specification of its own (null: the shipped one). */
  public Path config(String name, Long mapReduceThreshold, Path indexSpec) throws IOException {
    Path config = dir.resolve("config-" + name + "-" + (mapReduceThreshold == null ? "default" : mapReduceThreshold) + ".yml");
    Files.writeString(config, String.join("\n",
        indexSpec == null ? "" : "indexSpec: '" + indexSpec + "'",
        "server: {applicationConnectors: [{type: http, port: " + httpPort + "}],"
            + " adminConnectors: [{type: http, port: " + adminPort + "}]}",
        "hbase: {dataDir: '" + dir.resolve("data") + "', zookeeperPort: " + zookeeperPort + "}",
        "load: {rejectsDir: '" + dir.resolve("rejected") + "', workDir: '" + dir.resolve("load-work")
            + "', threads: 2, seed: []}",
        "stream: {spoolDir: '" + dir.resolve("spool") + "', rejectsDir: '" + dir.resolve("rejected")
            + "', adminPort: " + streamAdminPort + ", progressSeconds: 5}",
        "query: {" + (mapReduceThreshold == null ? "" : "mapReduceThreshold: " + mapReduceThreshold + ", ") + "workDir: '" + dir.resolve("query-work")
            + "', jobsDir: '" + dir.resolve("jobs") + "'}",
        // Logs to stderr: a command's summary is the last line of its stdout. The stream daemon's
        // DEBUG says each segment's latency, which ArrivalToStored reads.
        "logging: {level: WARN, loggers: {org.observatory: INFO, org.observatory.loader.stream.StreamLoader: DEBUG},"
            + " appenders: [{type: console, target: stderr}]}", ""));
    return config;
  }

  /** Where the embedded HBase keeps the observatory namespace's tables, one directory each. */
  public Path tablesDir() {
    return dir.resolve("data/hbase/data/observatory");
  }

  public void delete() {
    deleteTree(dir);
  }

  /** Removes a directory and everything in it. */
  public static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A port free now, below the range the system hands out to outgoing connections: a store's ports are
   * chosen minutes before its last command uses them, and a connection holding one meanwhile would move
   * the embedded ZooKeeper elsewhere.
   */
  static int freePort() throws IOException {
    for (int attempt = 0; attempt < 100; attempt++) {
      int port = 22_000 + RANDOM.nextInt(10_000);
      try (ServerSocket socket = new ServerSocket(port)) {
        return socket.getLocalPort();
      } catch (IOException taken) {
        // try another
      }
    }
    throw new IOException("no free port between 22000 and 32000");
  }
}
