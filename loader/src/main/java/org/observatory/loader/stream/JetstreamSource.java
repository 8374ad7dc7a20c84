package org.observatory.loader.stream;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.observatory.schemas.bluesky.JetstreamParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bluesky's Jetstream, v1 {@code /subscribe}, over the JDK's WebSocket client: every event as the JSON
 * line it came as. It asks for the collections and DIDs configured, resumes from the cursor
 * ({@link JetstreamCursor}) rewound a few seconds — delivery is at least once, and a replayed event
 * rewrites the same cells — reconnects with backoff, and moves to the next instance after each failed
 * connection. A frame waits in the listener while the spool is full, and the next is asked for only
 * then, which holds the server back.
 */
public final class JetstreamSource implements LineSource {
  private static final Logger LOG = LoggerFactory.getLogger(JetstreamSource.class);
  private static final long FIRST_BACKOFF_MILLIS = 500;
  private static final long CURSOR_SAVE_MILLIS = 1_000;

  /**
   * @param instances the {@code /subscribe} endpoints, tried in turn
   * @param collections {@code wantedCollections}: NSIDs or {@code prefix.*}
   * @param dids {@code wantedDids}; none: every account
   * @param rewindSeconds how far before the cursor a reconnection starts
   * @param behindSeconds how far the newest event may trail the clock before the source reports itself behind
   * @param maxBackoffSeconds the longest wait between attempts
   */
  public record Settings(List<URI> instances, List<String> collections, List<String> dids, Path cursorFile,
      int rewindSeconds, int behindSeconds, int maxBackoffSeconds) {
    public Settings {
      if (instances.isEmpty()) {
        throw new IllegalArgumentException("the Jetstream source needs at least one instance");
      }
      if (collections.size() > 100 || dids.size() > 10_000) {
        throw new IllegalArgumentException("Jetstream takes at most 100 collections and 10,000 DIDs");
      }
    }
  }

  private final Settings settings;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final CompletableFuture<Void> closed = new CompletableFuture<>();
  private volatile WebSocket socket;
  private volatile String disconnectedBecause = "not connected yet";
  private volatile long disconnectedSince = System.currentTimeMillis();
  private volatile long newestMicros;
  private JetstreamCursor cursor;

  public JetstreamSource(Settings settings) {
    this.settings = settings;
  }

  @Override
  public void stream(Sink sink) throws IOException, InterruptedException {
    cursor = new JetstreamCursor(settings.cursorFile());
    long backoff = FIRST_BACKOFF_MILLIS;
    int instance = 0;
    while (!closed.isDone()) {
      URI uri = subscribeUri(settings.instances().get(instance), cursor.last());
      Session session = new Session(sink);
      try {
        socket = http.newWebSocketBuilder().buildAsync(uri, session).get(15, TimeUnit.SECONDS);
        LOG.info("connected to {}", uri);
        disconnectedBecause = null;
        CompletableFuture.anyOf(session.ended, closed).get();
      } catch (ExecutionException | TimeoutException e) {
        session.ended.completeExceptionally(e instanceof ExecutionException ? e.getCause() : e);
      } finally {
        WebSocket s = socket;
        if (s != null) {
          s.abort();
        }
        saveCursor();
      }
      if (session.sinkFailure.get() instanceof IOException io) {
        throw io;
      }
      if (closed.isDone()) {
        break;
      }
      String reason = session.reason();
      if (disconnectedBecause == null) {
        disconnectedSince = System.currentTimeMillis();
      }
      disconnectedBecause = settings.instances().get(instance).getHost() + ": " + reason;
      if (session.frames > 0) {
        backoff = FIRST_BACKOFF_MILLIS; // it worked for a while: try the same instance again soon
      } else {
        instance = (instance + 1) % settings.instances().size();
      }
      LOG.warn("jetstream {}; reconnecting in {} ms to {}", disconnectedBecause, backoff, settings.instances().get(instance));
      try {
        closed.get(backoff, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        // the wait is over
      } catch (ExecutionException e) {
        break;
      }
      backoff = Math.min(backoff * 2, settings.maxBackoffSeconds() * 1000L);
    }
  }

  /** Empty while connected and current; else whether it is disconnected or behind. */
  @Override
  public Optional<String> problem() {
    String down = disconnectedBecause;
    if (down != null) {
      return Optional.of("disconnected from Jetstream for " + (System.currentTimeMillis() - disconnectedSince) / 1000
          + " s (" + down + ")");
    }
    long newest = newestMicros;
    long behind = newest == 0 ? 0 : System.currentTimeMillis() - newest / 1000;
    if (behind > settings.behindSeconds() * 1000L) {
      return Optional.of("Jetstream events arrive " + behind / 1000 + " s behind the clock");
    }
    return Optional.empty();
  }

  @Override
  public void close() {
    closed.complete(null);
  }

  /** The endpoint with the filters and the cursor, rewound; no cursor the first time: live. */
  URI subscribeUri(URI instance, OptionalLong last) {
    List<String> query = new ArrayList<>();
    settings.collections().forEach(c -> query.add("wantedCollections=" + encode(c)));
    settings.dids().forEach(d -> query.add("wantedDids=" + encode(d)));
    last.ifPresent(t -> query.add("cursor=" + Math.max(1, t - settings.rewindSeconds() * 1_000_000L)));
    String base = instance.toString();
    return URI.create(query.isEmpty() ? base : base + (base.contains("?") ? "&" : "?") + String.join("&", query));
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private void saveCursor() {
    try {
      cursor.save();
    } catch (IOException e) {
      LOG.error("cannot save the Jetstream cursor: {}", e.toString());
    }
  }

  /** One connection: its frames to the sink, one at a time. */
  private final class Session implements WebSocket.Listener {
    final CompletableFuture<Void> ended = new CompletableFuture<>();
    final AtomicReference<Exception> sinkFailure = new AtomicReference<>();
    private final Sink sink;
    private final StringBuilder partial = new StringBuilder();
    private long lastSave = System.currentTimeMillis();
    long frames;

    Session(Sink sink) {
      this.sink = sink;
    }

    @Override
    public void onOpen(WebSocket webSocket) {
      webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      partial.append(data);
      if (!last) {
        webSocket.request(1);
        return null;
      }
      String line = partial.toString();
      partial.setLength(0);
      try {
        sink.accept(line);
        frames++;
        cursor.taken(line);
        newestMicros = Math.max(newestMicros, JetstreamParser.timeOf(line));
        if (System.currentTimeMillis() - lastSave >= CURSOR_SAVE_MILLIS) {
          lastSave = System.currentTimeMillis();
          cursor.save();
        }
        webSocket.request(1);
      } catch (IOException | InterruptedException e) {
        sinkFailure.compareAndSet(null, e);
        ended.complete(null);
        closed.complete(null);
      }
      return null;
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, java.nio.ByteBuffer data, boolean last) {
      ended.completeExceptionally(new IOException("a binary frame: compressed frames are not asked for"));
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
      ended.completeExceptionally(new IOException("closed by the server (" + statusCode + " " + reason + ")"));
      return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
      ended.completeExceptionally(error);
    }

    String reason() {
      try {
        ended.getNow(null);
        return "stopped";
      } catch (Exception e) {
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        return cause.toString();
      }
    }
  }
}
