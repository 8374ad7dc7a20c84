package org.observatory.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The multi-process cluster of deploy/local-cluster, driven through its launcher. */
final class LocalCluster implements AutoCloseable {
  private final Path launcher;
  private final Path dir;
  private final Map<String, String> env;

  LocalCluster(Path root, Path dir) {
    this.launcher = root.resolve("deploy/local-cluster/cluster");
    this.dir = dir;
    this.env = Map.of("OBSERVATORY_CLUSTER_DIR", dir.toString());
  }

  /** Starts the daemons that are not running, and waits until the cluster is ready. */
  void start() throws IOException, InterruptedException {
    launch(600, "start");
  }

  /** Hadoop's file system shell on the cluster's HDFS. */
  void fs(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("fs"));
    command.addAll(List.of(args));
    launch(120, command.toArray(String[]::new));
  }

  /** The cluster's client configuration directory, which the launcher writes. */
  Path configDir() {
    return dir.resolve("conf");
  }

  /**
   * Stops one daemon as its service script would, SIGTERM, and waits until it has exited. The launcher
   * waits, not {@code ProcessHandle.onExit}: a region server's exit is not this JVM's to observe (it is
   * not its child), and onExit once returned while the stopped region server was still closing regions.
   */
  void stop(String daemon) throws IOException, InterruptedException {
    launch(120, "stop", daemon);
  }

  @Override
  public void close() throws IOException, InterruptedException {
    launch(300, "stop");
  }

  private void launch(long timeoutSeconds, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(launcher.toString()));
    command.addAll(List.of(args));
    Commands.run(dir.resolve("launcher.log"), env, timeoutSeconds, command);
  }
}
