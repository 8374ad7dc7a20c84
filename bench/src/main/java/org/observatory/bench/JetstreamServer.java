package org.observatory.bench;

import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.java_websocket.WebSocket;
import org.observatory.schemas.bluesky.JetstreamParser;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.server.WebSocketServer;

/**
 * Events served on loopback as Jetstream's {@code /subscribe} serves them, from the {@code cursor} a
 * client asks for: as fast as it takes them, or paced at so many a second.
 */
final class JetstreamServer extends WebSocketServer {
  private final List<String> events;
  private final double perSecond;
  private final CountDownLatch started = new CountDownLatch(1);
  final AtomicLong sent = new AtomicLong();
  volatile long firstSentNanos;
  volatile long lastSentNanos;

  /** @param perSecond 0: flat out */
  JetstreamServer(List<String> events, double perSecond) {
    super(new InetSocketAddress("127.0.0.1", 0));
    this.events = events;
    this.perSecond = perSecond;
  }

  URI uri() throws InterruptedException {
    started.await();
    return URI.create("ws://127.0.0.1:" + getPort() + "/subscribe");
  }

  @Override
  public void onStart() {
    started.countDown();
  }

  @Override
  public void onOpen(WebSocket connection, ClientHandshake handshake) {
    String query = URI.create(handshake.getResourceDescriptor()).getRawQuery();
    long cursor = 0;
    for (String pair : query == null ? new String[0] : query.split("&")) {
      if (pair.startsWith("cursor=")) {
        cursor = Long.parseLong(pair.substring("cursor=".length()));
      }
    }
    long from = cursor;
    Thread sender = new Thread(() -> send(connection, from), "jetstream-sender");
    sender.setDaemon(true);
    sender.start();
  }

  /** From the first event at or after the cursor ({@code time_us}; 0: from the first). */
  private void send(WebSocket connection, long cursor) {
    firstSentNanos = System.nanoTime();
    long start = sent.get();
    try {
      for (String event : events) {
        if (cursor > 0 && JetstreamParser.timeOf(event) < cursor) {
          continue;
        }
        if (perSecond > 0) {
          long due = firstSentNanos + (long) ((sent.get() - start) * 1e9 / perSecond);
          long wait = due - System.nanoTime();
          if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
          }
        }
        connection.send(event);
        if (sent.incrementAndGet() % 1000 == 0) {
          while (connection.hasBufferedData()) {
            Thread.sleep(1); // the client holds back: so does the server, as Jetstream's writes block
          }
        }
      }
      lastSentNanos = System.nanoTime();
    } catch (InterruptedException | org.java_websocket.exceptions.WebsocketNotConnectedException e) {
      // the run is over
    }
  }

  @Override
  public void onClose(WebSocket connection, int code, String reason, boolean remote) {}

  @Override
  public void onMessage(WebSocket connection, String message) {}

  @Override
  public void onError(WebSocket connection, Exception e) {}
}
