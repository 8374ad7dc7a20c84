package org.observatory.cluster;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/** An Observatory server run from the executable jar by the project's launcher, on ports of its own. */
final class Service implements AutoCloseable {
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final int UNSHARED_PORTS_END = 32_768;
  private static int nextPort = 20_000 + ThreadLocalRandom.current().nextInt(8_000);

  private final Process process;
  private final Path log;
  private final int port;
  private final int adminPort;

  private Service(Process process, Path log, int port, int adminPort) {
    this.process = process;
    this.log = log;
    this.port = port;
    this.adminPort = adminPort;
  }

  /**
   * Runs {@code observatory server config}, with Dropwizard's {@code dw.} overrides, and waits until
   * its health check passes.
   */
  static Service start(Path root, Path config, List<String> overrides, Path log) throws Exception {
    int port = freePort();
    int adminPort = freePort();
    String opts = "-Xmx1500m -Ddw.server.applicationConnectors[0].port=" + port
        + " -Ddw.server.adminConnectors[0].port=" + adminPort + " " + String.join(" ", overrides);
    Process process = Commands.start(log, Map.of("OBSERVATORY_JAVA_OPTS", opts),
        List.of(root.resolve("observatory").toString(), "server", config.toString()));
    Service service = new Service(process, log, port, adminPort);
    service.awaitHealthy();
    return service;
  }

  /** The response to a GET of {@code pathAndQuery}, e.g. {@code /queries/retweet-edges?memes=...}. */
  HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
        .timeout(Duration.ofMinutes(5)).GET().build());
  }

  HttpResponse<String> post(String pathAndQuery) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
        .timeout(Duration.ofMinutes(1)).POST(HttpRequest.BodyPublishers.noBody()).build());
  }

  private static HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private void awaitHealthy() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new AssertionError("the server exited; its output: " + Commands.tail(log));
      }
      try {
        HttpResponse<String> health = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort
            + "/healthcheck")).timeout(Duration.ofSeconds(10)).GET().build());
        if (health.statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(500);
    }
    throw new AssertionError("the server was not healthy within 3 minutes; its output: " + Commands.tail(log));
  }

  /** SIGKILL, as a crash or the kernel's OOM killer would: no shutdown hook runs, HBase flushes nothing. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      throw new AssertionError("the server outlived SIGKILL for a minute");
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }

  /**
   * A port no other process listens on, chosen between the cluster's fixed ports (below 20000) and the
   * kernel's ephemeral range (32768 up): a port the kernel handed out as ephemeral could be taken by any
   * daemon's outgoing connection or port-0 listener before the service binds it (ClusterIT once failed so).
   */
  static synchronized int freePort() {
    while (nextPort < UNSHARED_PORTS_END) {
      int port = nextPort++;
      try (ServerSocket socket = new ServerSocket(port)) {
        return port;
      } catch (IOException taken) {
        // in use: try the next one
      }
    }
    throw new IllegalStateException("no free port below " + UNSHARED_PORTS_END);
  }
}
