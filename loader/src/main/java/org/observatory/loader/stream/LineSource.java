package org.observatory.loader.stream;

import java.io.Closeable;
import java.io.IOException;

/** Where the streaming loader's lines come from: the Twitter stream, a replay of files, stdin. */
public interface LineSource extends Closeable {
  /** Receives lines; may block, which holds the source back. */
  @FunctionalInterface
  interface Sink {
    void accept(String line) throws IOException, InterruptedException;
  }

  /** Sends lines to the sink until the source ends or is closed. */
  void stream(Sink sink) throws IOException, InterruptedException;

  /** Stops {@link #stream} soon; safe from another thread. */
  @Override
  void close();
}
