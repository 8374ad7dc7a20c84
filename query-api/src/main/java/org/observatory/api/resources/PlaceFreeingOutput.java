package org.observatory.api.resources;

import java.io.IOException;
import java.io.OutputStream;
import org.observatory.api.query.engine.QueryLimiter;

/**
 * A streamed answer's output that gives up the query's place whenever it hands bytes to the client:
 * a client that reads slowly or stalls then blocks only its own request, never the queries waiting
 * for a place. The answer is gathered in chunks in between, so a place is given up once a chunk.
 */
final class PlaceFreeingOutput extends OutputStream {
  private static final int CHUNK = 64 * 1024;
  private final OutputStream client;
  private final QueryLimiter.Permit permit;
  private final byte[] chunk = new byte[CHUNK];
  private int filled;

  PlaceFreeingOutput(OutputStream client, QueryLimiter.Permit permit) {
    this.client = client;
    this.permit = permit;
  }

  @Override
  public void write(int b) throws IOException {
    if (filled == CHUNK) {
      send();
    }
    chunk[filled++] = (byte) b;
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    while (length > 0) {
      if (filled == CHUNK) {
        send();
      }
      int n = Math.min(length, CHUNK - filled);
      System.arraycopy(bytes, offset, chunk, filled, n);
      filled += n;
      offset += n;
      length -= n;
    }
  }

  /** Keeps the chunk: flushing a line at a time would give up the place a line at a time. */
  @Override
  public void flush() {}

  /** Sends what is left and frees the place for good. */
  @Override
  public void close() throws IOException {
    try (permit) {
      send();
      client.flush();
    }
  }

  private void send() throws IOException {
    int n = filled;
    filled = 0;
    permit.awayDuring(() -> client.write(chunk, 0, n));
  }
}
