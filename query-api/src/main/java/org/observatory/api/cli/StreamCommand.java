package org.observatory.api.cli;

import org.observatory.loader.LoaderKit;
import org.observatory.api.config.StreamConfig;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.health.HealthCheck;
import com.codahale.metrics.health.HealthCheckRegistry;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.metrics.servlets.AdminServlet;
import io.dropwizard.metrics.servlets.HealthCheckServlet;
import io.dropwizard.metrics.servlets.MetricsServlet;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.List;
import net.sourceforge.argparse4j.inf.Argument;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ShutdownHookManager;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.loader.TweetFiles;
import org.observatory.loader.stream.LineSource;
import org.observatory.loader.stream.ReaderSource;
import org.observatory.loader.stream.ReplaySource;
import org.observatory.loader.stream.StreamLoader;
import org.observatory.loader.stream.StreamPart;
import org.observatory.loader.stream.StreamSettings;
import org.observatory.loader.stream.JetstreamSource;
import org.observatory.schemas.tables.Platform;
import org.observatory.loader.stream.TwitterSource;

/**
 * {@code stream [-c CONFIG] [--part i/n] [--record DIR] bluesky | twitter | replay [--rate N] FILE|DIR... |
 * stdin}: the streaming loader daemon. Bluesky's Jetstream goes into Bluesky's tables, and so does a
 * replay of recorded Jetstream hours; the rest into Twitter's. It serves /healthcheck and /metrics on {@code stream.adminPort} (+ i), and on SIGTERM
 * stops the source, stores what it can within {@code stream.drainSeconds} and leaves the rest in its
 * spool for the next start.
 */
public final class StreamCommand extends StoreCommand {
  public StreamCommand() {
    super("stream", "Run the streaming loader: Bluesky's Jetstream, the Twitter stream, a replay of files, or NDJSON on stdin");
  }

  @Override
  public void configure(Subparser subparser) {
    super.configure(subparser);
    subparser.addArgument("--part").setDefault("0/1").metavar("i/n")
        .help("keep the tweets whose id mod n is i (one of n loaders reading the same stream)");
    subparser.addArgument("--rate").type(Double.class).setDefault(0.0)
        .help("replay: lines per second (0: as fast as the loader takes them)");
    subparser.addArgument("--record").metavar("DIR")
        .help("bluesky: also write every event, unchanged, to hourly .jsonl.gz files in DIR (default: stream.bluesky.record)");
    subparser.addArgument("source").choices("bluesky", "twitter", "replay", "stdin");
    subparser.addArgument("paths").nargs("*").metavar("FILE|DIR").help("replay: tweet files or directories");
  }

  @Override
  protected void run(Bootstrap<ObservatoryConfiguration> bootstrap, Namespace namespace,
      ObservatoryConfiguration config) throws Exception {
    StreamPart part = StreamPart.parse(namespace.getString("part"));
    StreamConfig stream = config.stream();
    String sourceName = namespace.getString("source");
    if (namespace.getString("record") != null) {
      stream.bluesky().recordingTo(namespace.getString("record"));
    }
    Path recordDir = sourceName.equals("bluesky") ? stream.bluesky().recordDir() : null;
    StreamSettings settings = stream.settings(part, sourceName, recordDir);
    LineSource source = source(namespace, stream, settings);
    Platform platform = platformOf(namespace);
    MetricRegistry metrics = new MetricRegistry();
    HealthCheckRegistry health = new HealthCheckRegistry();
    HBaseStore store = config.hbase().open(true);
    CountDownLatch done = new CountDownLatch(1);
    try {
      StreamLoader loader = new StreamLoader(() -> {
        LoaderKit kit = kit(store.loaderConnection(), store, config).of(platform);
        return new StreamLoader.Connected(kit, kit.indexer());
      }, settings, metrics);
      health.register("stream", new HealthCheck() {
        @Override
        protected Result check() {
          return loader.problem().map(Result::unhealthy).orElseGet(Result::healthy);
        }
      });
      Server admin = adminServer(stream.adminPort() + part.index(), metrics, health);
      admin.start();
      // Through Hadoop's hook manager, ahead of its own hooks: those close the file systems that an
      // embedded HBase is still writing its log to.
      ShutdownHookManager.get().addShutdownHook(() -> stop(loader, done),
          FileSystem.SHUTDOWN_HOOK_PRIORITY + 100, settings.drainSeconds() + 30L, TimeUnit.SECONDS);
      try {
        System.out.println(loader.run(source));
      } finally {
        admin.stop();
      }
    } finally {
      store.close(); // before a SIGTERM lets the JVM go on to close the file systems
      done.countDown();
    }
  }

  /** On SIGTERM: stop the source, let the loader drain for a while, wait for the command to end. */
  private static void stop(StreamLoader loader, CountDownLatch done) {
    try {
      loader.stop();
      done.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Whose tables the stream goes to: Bluesky's for Jetstream and its recordings, else Twitter's. */
  private static Platform platformOf(Namespace namespace) throws java.io.IOException {
    return switch (namespace.getString("source")) {
      case "bluesky" -> Platform.BLUESKY;
      case "replay" -> {
        List<Path> files = TweetFiles.expand(namespace.<String>getList("paths").stream().map(Path::of).toList());
        yield TweetFiles.platformOf(files.get(0));
      }
      default -> Platform.TWITTER;
    };
  }

  private static LineSource source(Namespace namespace, StreamConfig stream, StreamSettings settings)
      throws java.io.IOException {
    List<String> paths = namespace.getList("paths");
    return switch (namespace.getString("source")) {
      case "bluesky" -> new JetstreamSource(stream.bluesky().settings(settings.spoolDir()));
      case "twitter" -> new TwitterSource(stream.credentials(), stream.streamBaseUrl(), stream.track());
      case "stdin" -> new ReaderSource(System.in);
      default -> {
        if (paths.isEmpty()) {
          throw new IllegalArgumentException("replay needs tweet files or directories");
        }
        yield new ReplaySource(TweetFiles.expand(paths.stream().map(Path::of).toList()), namespace.getDouble("rate"));
      }
    };
  }

  /** Dropwizard's metrics admin servlet alone: /healthcheck, /metrics, /ping, /threads. */
  /** The daemon's health and metrics, on loopback alone: it has no keys, and its profiler could slow it. */
  static Server adminServer(int port, MetricRegistry metrics, HealthCheckRegistry health) {
    Server server = new Server(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port));
    ServletContextHandler context = new ServletContextHandler();
    context.setAttribute(MetricsServlet.METRICS_REGISTRY, metrics);
    context.setAttribute(HealthCheckServlet.HEALTH_CHECK_REGISTRY, health);
    context.addServlet(new ServletHolder(new AdminServlet()), "/*");
    server.setHandler(context);
    return server;
  }
}
