package org.observatory.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * Configurations of the embedded default for tests: a fresh data directory, free ports, a seed day, an
 * idle timeout long enough that a test of stalled clients is not rescued by Jetty closing them, and logs
 * on stderr as the shipped configurations have them, so that what a command prints on stdout is its own.
 */
public final class EmbeddedApp {
  private EmbeddedApp() {}

  /**
   * @param seed the shared day loaded at start-up
   * @param query more settings of the {@code query:} section, each a {@code name: value}
   */
  public static String config(String seed, String... query) {
    return config(List.of(SharedData.file(seed)), query);
  }

  /** @param seeds the files loaded at start-up: shared days, recorded Jetstream hours */
  public static String config(List<Path> seeds, String... query) {
    UsesStore.Guard.check(); // the application it configures starts an embedded store
    try {
      Path dir = Files.createTempDirectory("observatory-app");
      Path config = dir.resolve("config.yml");
      Files.writeString(config, """
          server:
            applicationConnectors: [{type: http, port: 0, idleTimeout: 5 minutes}]
            adminConnectors: [{type: http, port: 0}]
          hbase:
            dataDir: %s
            zookeeperPort: %d
          load:
            rejectsDir: %s
            seed: [%s]
          query:
            jobsDir: %s
            workDir: %s
            %s
          logging:
            level: WARN
            appenders: [{type: console, target: stderr}]
            loggers: {org.observatory: INFO}
          """.formatted(dir.resolve("data"), freePort(), dir.resolve("rejected"),
              String.join(", ", seeds.stream().map(Path::toString).toList()),
              dir.resolve("jobs"), dir.resolve("query-work"), String.join("\n  ", query)));
      return config.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The configuration, with the audit trail in a file of its own, one JSON line each, as the shipped ones. */
  public static String withAuditFile(String config, Path audit) {
    try {
      Path file = Path.of(config);
      Files.writeString(file, Files.readString(file).replace("loggers: {org.observatory: INFO}",
          "loggers: {org.observatory: INFO, audit: {level: INFO, additive: false, appenders: [{type: file, "
              + "currentLogFilename: '" + audit + "', archive: false, logFormat: '%msg%n'}]}}"));
      return config;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
