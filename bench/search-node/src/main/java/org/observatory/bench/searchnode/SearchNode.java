package org.observatory.bench.searchnode;

import java.nio.file.Path;
import java.util.List;
import org.opensearch.common.settings.Settings;
import org.opensearch.env.Environment;
import org.opensearch.node.Node;
import org.opensearch.transport.Netty4Plugin;

/**
 * A single-node OpenSearch cluster on loopback, as {@code bin/opensearch} would run one, but from the
 * published jars: Maven Central has no distribution to unpack, and a node needs only its core and the
 * Netty transport that a distribution ships as a module.
 *
 * <p>{@code SearchNode HOME HTTP_PORT TRANSPORT_PORT} prints {@code ready} once the node listens, and
 * stops it when its standard input closes (the harness that started it ends or closes it).
 */
public final class SearchNode {
  private SearchNode() {}

  /** Node's constructor that takes the plugins on the classpath is protected: it is for embedding. */
  private static final class EmbeddedNode extends Node {
    EmbeddedNode(Environment environment) {
      super(environment, List.of(Netty4Plugin.class), true);
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      throw new IllegalArgumentException("usage: SearchNode HOME HTTP_PORT TRANSPORT_PORT");
    }
    Path home = Path.of(args[0]).toAbsolutePath();
    Settings settings = Settings.builder()
        .put("path.home", home.toString())
        .put("path.data", home.resolve("data").toString())
        .put("cluster.name", "observatory-peer")
        .put("node.name", "peer")
        .put("discovery.type", "single-node")
        .put("network.host", "127.0.0.1")
        .put("http.port", args[1])
        .put("transport.port", args[2])
        .build();
    Node node = new EmbeddedNode(new Environment(settings, home.resolve("config")));
    node.start();
    System.out.println("ready");
    System.out.flush();
    while (System.in.read() != -1) {
      // the harness holds the pipe open while it needs the node
    }
    node.close();
  }
}
