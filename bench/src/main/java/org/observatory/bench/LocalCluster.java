package org.observatory.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.StreamSupport;

/**
 * The local multi-process cluster ({@code deploy/local-cluster/cluster}), in a data directory of the
 * measurement's own, and the MapReduce history server's account of the jobs it ran.
 */
public final class LocalCluster implements AutoCloseable {
  private static final Path LAUNCHER = Path.of("deploy/local-cluster/cluster");
  private static final String HISTORY = "http://127.0.0.1:19888/ws/v1/history/mapreduce/jobs";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final Path logs;
  private final double startSeconds;

  private LocalCluster(Path dir, Path logs, double startSeconds) {
    this.dir = dir;
    this.logs = logs;
    this.startSeconds = startSeconds;
  }

  /** Starts the cluster and returns once the launcher says it is ready (HDFS, both region servers, YARN). */
  public static LocalCluster start(Path dir, Path logs) throws IOException, InterruptedException {
    long began = System.nanoTime();
    launch(dir, logs, "start");
    return new LocalCluster(dir, logs, (System.nanoTime() - began) / 1e9);
  }

  /** From the launcher's start to a cluster ready for Observatory. */
  public double startSeconds() {
    return startSeconds;
  }

  /** The client configuration files the launcher wrote: Observatory's {@code hbase.configDir}. */
  public Path confDir() {
    return dir.resolve("conf");
  }

  /** The last finished MapReduce job whose name starts with {@code prefix}, as the history server tells it. */
  public Optional<JsonNode> lastJob(String prefix) throws IOException, InterruptedException {
    JsonNode jobs = get(HISTORY).path("jobs").path("job");
    Optional<JsonNode> last = StreamSupport.stream(jobs.spliterator(), false)
        .filter(j -> j.path("name").asText().startsWith(prefix))
        .max((a, b) -> Long.compare(a.path("finishTime").asLong(), b.path("finishTime").asLong()));
    if (last.isEmpty()) {
      return last;
    }
    return Optional.of(get(HISTORY + "/" + last.get().path("id").asText()).path("job"));
  }

  /** Copies local files into a directory of the cluster's HDFS, as an operator stages an archive for loading. */
  public void put(List<Path> files, String hdfsDir) throws IOException, InterruptedException {
    launch(dir, logs, "fs", "-mkdir", "-p", hdfsDir);
    List<String> args = new ArrayList<>(List.of("-put", "-f"));
    files.forEach(f -> args.add(f.toAbsolutePath().toString()));
    args.add(hdfsDir);
    launch(dir, logs, "fs", args.toArray(String[]::new));
  }

  @Override
  public void close() throws IOException, InterruptedException {
    launch(dir, logs, "stop");
  }

  private static void launch(Path dir, Path logs, String action, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", LAUNCHER.toString(), action));
    command.addAll(List.of(args));
    ProcessBuilder launcher = new ProcessBuilder(command)
        .redirectErrorStream(true).redirectOutput(logs.resolve("cluster-" + action + ".log").toFile());
    launcher.environment().put("OBSERVATORY_CLUSTER_DIR", dir.toAbsolutePath().toString());
    int exit = launcher.start().waitFor();
    if (exit != 0) {
      throw new IllegalStateException("cluster " + action + " failed (exit " + exit + "): see "
          + logs.resolve("cluster-" + action + ".log") + " and " + dir.resolve("logs"));
    }
  }

  private static JsonNode get(String url) throws IOException, InterruptedException {
    HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
        .header("Accept", "application/json").build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IllegalStateException(url + " answered " + response.statusCode());
    }
    return JSON.readTree(response.body());
  }
}
