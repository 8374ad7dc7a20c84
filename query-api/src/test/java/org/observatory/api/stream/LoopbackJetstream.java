package org.observatory.api.stream;

import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.java_websocket.WebSocket;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.server.WebSocketServer;
import org.observatory.testdata.Json;

/**
 * A Jetstream v1 {@code /subscribe} endpoint on loopback, as the real one behaves for a client: it
 * sends the events it holds in time order from the {@code cursor} asked for (all of them without
 * one), only the {@code wantedCollections} asked for (identity and account events always), then
 * whatever is added while the client stays connected. It can drop its connections, and stop and start
 * again on the same port.
 */
final class LoopbackJetstream implements AutoCloseable {
  private final List<String> events = new CopyOnWriteArrayList<>();
  private final Map<WebSocket, Boolean> open = new ConcurrentHashMap<>();
  /** The cursors clients asked for, in order: 0 for none. */
  final List<Long> cursorsAsked = new CopyOnWriteArrayList<>();
  private final ExecutorService senders = Executors.newCachedThreadPool();
  private Server server;
  private int port;

  LoopbackJetstream(List<String> initial) throws Exception {
    events.addAll(initial);
    start();
  }

  URI uri() {
    return URI.create("ws://127.0.0.1:" + port + "/subscribe");
  }

  /** Events from now on: sent to every client connected, and to those who connect later. */
  void add(List<String> more) {
    events.addAll(more);
  }

  /** Closes every connection, as an instance going through a deploy does. */
  void dropConnections() {
    open.keySet().forEach(c -> c.close(1001, "going away"));
  }

  void stop() throws Exception {
    server.stop(1000);
  }

  /**
   * Binds the port again, trying for a while: a port just let go may still be held for a moment, and
   * the library reports a failed bind only to {@link Server#onError}, never to the caller.
   */
  void start() throws Exception {
    Exception last = null;
    for (int attempt = 0; attempt < 100; attempt++) {
      Server trying = new Server(new InetSocketAddress("127.0.0.1", port));
      trying.setReuseAddr(true);
      trying.start();
      trying.started.await(10, java.util.concurrent.TimeUnit.SECONDS);
      if (trying.failed == null && trying.started.getCount() == 0) {
        server = trying;
        port = server.getPort();
        return;
      }
      last = trying.failed;
      Thread.sleep(100);
    }
    throw new IllegalStateException("the loopback Jetstream could not listen on port " + port + " again", last);
  }

  @Override
  public void close() throws Exception {
    server.stop(1000);
    senders.shutdownNow();
  }

  private final class Server extends WebSocketServer {
    final java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
    volatile Exception failed;

    Server(InetSocketAddress address) {
      super(address);
    }

    @Override
    public void onStart() {
      started.countDown();
    }

    @Override
    public void onOpen(WebSocket connection, ClientHandshake handshake) {
      URI asked = URI.create(handshake.getResourceDescriptor());
      List<String> collections = new ArrayList<>();
      long cursor = 0;
      for (String pair : asked.getRawQuery() == null ? new String[0] : asked.getRawQuery().split("&")) {
        String[] kv = pair.split("=", 2);
        String value = java.net.URLDecoder.decode(kv[1], java.nio.charset.StandardCharsets.UTF_8);
        if (kv[0].equals("wantedCollections")) {
          collections.add(value);
        } else if (kv[0].equals("cursor")) {
          cursor = Long.parseLong(value);
        }
      }
      cursorsAsked.add(cursor);
      open.put(connection, true);
      long from = cursor;
      senders.submit(() -> send(connection, collections, from));
    }

    private void send(WebSocket connection, List<String> collections, long cursor) {
      int next = 0;
      try {
        while (connection.isOpen()) {
          List<String> now = new ArrayList<>(events);
          for (; next < now.size() && connection.isOpen(); next++) {
            var event = Json.tree(now.get(next));
            boolean wanted = !event.path("kind").asText().equals("commit") || collections.isEmpty()
                || collections.contains(event.path("commit").path("collection").asText());
            if (wanted && event.path("time_us").asLong() >= cursor) {
              connection.send(now.get(next));
            }
          }
          Thread.sleep(50);
        }
      } catch (InterruptedException | org.java_websocket.exceptions.WebsocketNotConnectedException e) {
        // the connection went
      }
    }

    @Override
    public void onClose(WebSocket connection, int code, String reason, boolean remote) {
      open.remove(connection);
    }

    @Override
    public void onMessage(WebSocket connection, String message) {}

    @Override
    public void onError(WebSocket connection, Exception e) {
      if (connection == null) { // the server's own error: it did not start (a bind), or it stopped
        failed = e;
        started.countDown();
      }
    }
  }
}
