package org.observatory.loader.stream;

import java.io.Closeable;
import java.io.IOException;
import java.util.Optional;

/** Where the streaming loader's lines come from: the Twitter stream, Bluesky's Jetstream, a replay of files, stdin. */
public interface LineSource extends Closeable {
  /** Receives lines; may block, which holds the source back. */
  @FunctionalInterface
  interface Sink {
    void accept(String line) throws IOException, InterruptedException;
  }

  /** Sends lines to the sink until the source ends or is closed. */
  void stream(Sink sink) throws IOException, InterruptedException;

  /** Empty when the source is well; otherwise what is wrong with it (disconnected, behind). */
  default Optional<String> problem() {
    return Optional.empty();
  }

  /** Stops {@link #stream} soon; safe from another thread. */
  @Override
  void close();
}
