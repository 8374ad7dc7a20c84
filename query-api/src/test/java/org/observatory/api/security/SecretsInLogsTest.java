package org.observatory.api.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.observatory.api.EmbeddedApp;
import org.observatory.api.ObservatoryApplication;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * No log writes a key: with Jetty logging every request's headers (DEBUG) into the service's log file
 * and the request log in a file of its own, a key sent as a bearer token and as {@code access_token}
 * (any case) appears in neither but as its id with the secret masked.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
@UsesStore
class SecretsInLogsTest {
  private static final String SECRET = "S3cr3tS3cr3tS3cr3tS3cr3tS3cr3tS3cr3tS3cr3tX".substring(0, 43);
  private static final String KEY = "obs_0123456789ab_" + SECRET;
  private static final Path DIR = tempDir();
  private static final DropwizardAppExtension<ObservatoryConfiguration> APP = new DropwizardAppExtension<>(
      ObservatoryApplication.class, withLogFiles(EmbeddedApp.config(SharedData.DAY_2013)));

  @Test
  void aKeyIsMaskedInTheLogAndTheRequestLog() throws Exception {
    String base = "http://localhost:" + APP.getLocalPort() + "/queries/meme-post-count";
    try (Response bearer = APP.client().target(base + "?memes=%23tfb&start=2013-08-10&end=2013-08-10").request()
        .header(HttpHeaders.AUTHORIZATION, "Bearer " + KEY).get();
        Response inUrl = APP.client().target(base + "?memes=%23tfb&start=2013-08-10&end=2013-08-10&access_token=" + KEY)
            .request().get();
        Response shouted = APP.client().target(base + "?memes=%23tfb&start=2013-08-10&end=2013-08-10&ACCESS_TOKEN="
            + SECRET).request().get()) {
      assertThat(bearer.getStatus()).isEqualTo(401); // no such key
      assertThat(inUrl.getStatus()).isEqualTo(400);
      assertThat(shouted.getStatus()).isLessThan(500);
    }
    Thread.sleep(1_500); // the request log is written after the response

    String log = Files.readString(DIR.resolve("service.log"));
    String requests = Files.readString(DIR.resolve("requests.log"));
    assertThat(log).contains("Authorization: Bearer obs_0123456789ab_***").doesNotContain(SECRET);
    assertThat(requests).contains("access_token=***", "ACCESS_TOKEN=***").doesNotContain(SECRET);
  }

  /** The configuration, logging to files: Jetty's requests with their headers, and the request log. */
  private static String withLogFiles(String config) {
    try {
      Path file = Path.of(config);
      Files.writeString(file, Files.readString(file)
          .replace("appenders: [{type: console, target: stderr}]", "appenders: [{type: file, currentLogFilename: '"
              + DIR.resolve("service.log") + "', archive: false}]")
          .replace("loggers: {org.observatory: INFO}", "loggers: {org.observatory: INFO, org.eclipse.jetty.server.HttpChannel: DEBUG}")
          .replace("server:\n", "server:\n  requestLog: {appenders: [{type: file, currentLogFilename: '"
              + DIR.resolve("requests.log") + "', archive: false}]}\n"));
      return config;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path tempDir() {
    try {
      return Files.createTempDirectory("observatory-logs");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
