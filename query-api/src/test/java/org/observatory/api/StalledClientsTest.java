package org.observatory.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import jakarta.ws.rs.core.Response;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * Clients that ask for many tweets and then stop reading or go away (issue 20): over real HTTP, with
 * answers larger than the sockets buffer, more stalled clients than places, and no idle timeout to free
 * them.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
@UsesStore
class StalledClientsTest {
  private static final int PLACES = 3;
  private static final DropwizardAppExtension<ObservatoryConfiguration> APP = new DropwizardAppExtension<>(
      ObservatoryApplication.class, EmbeddedApp.config(SharedData.DAY_2011,
          "maxConcurrentQueries: " + PLACES, "maxConcurrentTweetQueries: 2"));
  private static final String DAY = "&start=2011-09-28&end=2011-09-28";

  @Test
  void clientsThatStopReadingTheirTweetsLockNoOneOut() throws Exception {
    String bigLookup = bigLookup();
    List<Socket> stalled = new ArrayList<>();
    try {
      for (int i = 0; i < PLACES + 2; i++) {
        stalled.add(stalledOn(bigLookup));
      }

      assertAnswered("/queries/meme-post-count?memes=%23a" + DAY);
      assertAnswered("/queries/get-tweets-with-meme?memes=" + URLEncoder.encode(
          RawMemes.of(SharedData.DAY_2011).mostFrequent("#", 1).get(0), StandardCharsets.UTF_8) + DAY);
      String rest = new String(stalled.get(0).getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String headers = rest.substring(0, rest.indexOf("\r\n\r\n"));
      String tweets = headers.substring(headers.indexOf("X-Observatory-Tweets: ") + 22).lines().findFirst().get();
      assertThat(rest.substring(headers.length() + 4).lines().count()).as("the stalled answer, read at last, is whole")
          .isEqualTo(Long.parseLong(tweets)).isGreaterThan(10_000);
    } finally {
      for (Socket socket : stalled) {
        socket.close();
      }
    }
  }

  @Test
  void clientsThatGoAwayAndBrokenEscapesCostALineEachWithoutAStackTrace() throws Exception {
    String bigLookup = bigLookup();
    Thread.sleep(11_000); // past the throttle's period, should another test have had a client go away
    ch.qos.logback.classic.Logger root = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("ROOT");
    ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> log =
        new ch.qos.logback.core.read.ListAppender<>();
    log.start();
    root.addAppender(log);
    java.io.PrintStream out = System.out;
    java.io.PrintStream err = System.err;
    java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
    java.io.PrintStream capture = new java.io.PrintStream(printed, true, StandardCharsets.UTF_8);
    System.setOut(capture); // the logs go to stderr, a stray printStackTrace too
    System.setErr(capture);
    try {
      for (int i = 0; i < 5; i++) {
        stalledOn(bigLookup).close();
      }
      try (Socket socket = new Socket("localhost", APP.getLocalPort())) {
        socket.getOutputStream().write(("GET /queries/meme-post-count?memes=%23mtv%zzhottest" + DAY
            + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        assertThat(new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).startsWith("HTTP/1.1 400");
      }
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (gone(log) == 0 && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      Thread.sleep(2_000);
    } finally {
      System.setOut(out);
      System.setErr(err);
      root.detachAppender(log);
    }
    assertThat(gone(log)).as("five clients gone within the throttle's period: one line").isEqualTo(1);
    assertThat(log.list).filteredOn(e -> e.getThrowableProxy() != null).as("no stack trace").isEmpty();
    assertThat(printed.toString(StandardCharsets.UTF_8)).as("no stack trace printed").doesNotContain("\tat ", "! at ");
  }

  private static long gone(ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> log) {
    return log.list.stream().filter(e -> e.getLoggerName().endsWith("ClientGone")).count();
  }

  /** Every tweet that mentions a user whose name begins with one of the commonest two-letter beginnings. */
  private static String bigLookup() {
    String mentions = String.join(",", RawMemes.of(SharedData.DAY_2011).mostFrequent("@", 20_000).stream()
        .filter(m -> m.length() >= 3).map(m -> m.substring(0, 3) + "*").distinct().limit(100).toList());
    return "/queries/get-tweets-with-meme?memes=" + URLEncoder.encode(mentions, StandardCharsets.UTF_8) + DAY
        + "&fields=json";
  }

  /**
   * Asks on a socket that reads 4 KB at most and then stops; like a well-behaved client it tries
   * again after a 503's {@code Retry-After} while the places are busy finding other answers.
   */
  private static Socket stalledOn(String path) throws Exception {
    for (int attempt = 0; attempt < 10; attempt++) {
      Socket socket = new Socket();
      socket.setReceiveBufferSize(4096);
      socket.connect(new InetSocketAddress("localhost", APP.getLocalPort()));
      socket.setSoTimeout(60_000);
      socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.ISO_8859_1));
      String status = new String(socket.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
      if (status.equals("HTTP/1.1 200")) {
        return socket;
      }
      assertThat(status).isEqualTo("HTTP/1.1 503");
      socket.close();
      Thread.sleep(1_000);
    }
    throw new AssertionError("no place for a lookup in 10 attempts: stalled clients keep theirs");
  }

  private static void assertAnswered(String path) {
    try (Response response = APP.client().target("http://localhost:" + APP.getLocalPort() + path).request().get()) {
      assertThat(response.getStatus()).as(response.readEntity(String.class)).isEqualTo(200);
    }
  }
}
