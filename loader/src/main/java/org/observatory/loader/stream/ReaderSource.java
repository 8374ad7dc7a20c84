package org.observatory.loader.stream;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** Newline-delimited JSON from a stream, such as stdin, so that any collector can pipe tweets in. */
public final class ReaderSource implements LineSource {
  private final InputStream in;
  private volatile boolean closed;

  public ReaderSource(InputStream in) {
    this.in = in;
  }

  @Override
  public void stream(Sink sink) throws IOException, InterruptedException {
    BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    for (String line = lines.readLine(); line != null && !closed; line = lines.readLine()) {
      sink.accept(line);
    }
  }

  @Override
  public void close() {
    closed = true;
  }
}
