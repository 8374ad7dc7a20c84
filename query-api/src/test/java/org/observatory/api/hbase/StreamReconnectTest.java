package org.observatory.api.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.loader.LoadCounter;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.stream.LineSource;
import org.observatory.loader.stream.StreamLoader;
import org.observatory.loader.stream.StreamPart;
import org.observatory.loader.stream.StreamSettings;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.TweetTable;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * The stream daemon against a service that stops and starts again (issue 20): the embedded HBase and
 * its ZooKeeper go away under a daemon attached as a client, then come back on the same port. The
 * daemon must say it cannot write, reconnect by itself, and lose no line.
 */
@UsesStore
class StreamReconnectTest {
  @Test
  void theDaemonReportsTheOutageReconnectsByItselfAndLosesNothing(@TempDir Path dir) throws Exception {
    HBaseFactory factory = new HBaseFactory().withDataDir(dir.resolve("data").toString())
        .withZookeeper(null, freePort()).withNamespace("reconnect");
    List<String> lines = SharedData.lines(SharedData.DAY_NL).toList();
    QueueSource source = new QueueSource();
    HBaseStore service = factory.open(false);
    try (HBaseStore daemon = factory.open(true)) {
      StreamLoader loader = new StreamLoader(() -> {
        LoaderKit kit = new LoaderKit(ConnectionFactory.createConnection(daemon.configuration()), daemon.tableNames(),
            IndexSpec.defaults(), 1);
        return new StreamLoader.Connected(kit, kit.indexer());
      }, settings(dir), new MetricRegistry());
      CompletableFuture<LoadSummary> run = CompletableFuture.supplyAsync(() -> {
        try {
          return loader.run(source);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });

      source.add(lines.subList(0, 300));
      await("the first lines stored", 60, () -> loader.counters().sum(LoadCounter.LINES) == 300);
      service.close(); // the service stops: HBase and ZooKeeper with it
      source.add(lines.subList(300, 600));
      long stopped = System.nanoTime();
      await("the outage reported", 30, () -> loader.problem().isPresent());
      long reported = System.nanoTime();
      service = factory.open(false);
      long restarted = System.nanoTime();
      source.add(lines.subList(600, lines.size()));
      await("every line stored after the restart", 180, () -> loader.counters().sum(LoadCounter.LINES) == lines.size());
      long caughtUp = System.nanoTime();
      source.close();
      run.get(60, TimeUnit.SECONDS);
      System.out.printf("stream reconnect: unhealthy %d ms after the stop, caught up %d ms after the restart%n",
          (reported - stopped) / 1_000_000, (caughtUp - restarted) / 1_000_000);

      assertThat(loader.problem()).isEmpty();
      for (String line : lines) {
        JsonNode status = Json.tree(line);
        try (Table tweets = service.connection().getTable(service.tableNames().tweets(Month.of(Json.createdAt(status))))) {
          assertThat(tweets.exists(TweetTable.getStatus(status.get("id").asLong()))).as(status.get("id").asText()).isTrue();
        }
      }
    } finally {
      service.close();
    }
  }

  private static StreamSettings settings(Path dir) {
    return new StreamSettings(StreamPart.whole(), dir.resolve("spool"), 64L << 20, 200, dir.resolve("rejected"),
        1L << 20, Durability.SYNC_WAL, 5, 10, 60, 5, null);
  }

  private static void await(String what, int seconds, BooleanSupplier done) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(what + ": not within " + seconds + " s");
      }
      Thread.sleep(100);
    }
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Lines the test hands over, as a stream would bring them. */
  private static final class QueueSource implements LineSource {
    private static final String END = new String("end of the stream");
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    void add(List<String> more) {
      lines.addAll(more);
    }

    @Override
    public void stream(Sink sink) throws java.io.IOException, InterruptedException {
      for (String line = lines.take(); line != END; line = lines.take()) {
        sink.accept(line);
      }
    }

    @Override
    public void close() {
      lines.add(END);
    }
  }
}
