package org.observatory.generator;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

/**
 * Lines gzipped into files on a thread of its own, handed over a few megabytes at a time through a
 * short queue: the caller goes on making lines while earlier ones are compressed, and memory stays
 * bounded however many lines a file holds (a whole day in memory took gigabytes at 200,000 statuses).
 */
final class GzipLines implements AutoCloseable {
  private static final int CHUNK_BYTES = 4 << 20;
  private static final int CHUNKS_QUEUED = 8;

  /** Bytes for {@code file}; {@code length} -1 closes it, and a null file ends the writer. */
  private record Chunk(Path file, byte[] bytes, int length) {}

  private final BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(CHUNKS_QUEUED);
  private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "generator-gzip");
    t.setDaemon(true);
    return t;
  });
  private final Future<?> writer = thread.submit(this::write);
  private Path file;
  private byte[] buffer = new byte[CHUNK_BYTES];
  private int used;

  /** Lines from now on go to {@code file}, until {@link #finish()}. */
  void start(Path file) {
    this.file = file;
  }

  /** One line for the current file; a failure to write is thrown unchecked, as a line consumer must. */
  void line(String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    if (used + bytes.length + 1 > buffer.length) {
      try {
        handOver();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (bytes.length + 1 > buffer.length) {
      buffer = new byte[bytes.length + 1];
    }
    System.arraycopy(bytes, 0, buffer, used, bytes.length);
    used += bytes.length;
    buffer[used++] = '\n';
  }

  /** Closes the current file once its lines are written. */
  void finish() throws IOException {
    handOver();
    put(new Chunk(file, null, -1));
  }

  /** Waits for every file to be written. */
  @Override
  public void close() throws IOException {
    try {
      put(new Chunk(null, null, -1));
      awaitWriter();
    } finally {
      thread.shutdownNow();
    }
  }

  private void handOver() throws IOException {
    if (used > 0) {
      put(new Chunk(file, buffer, used));
      buffer = new byte[CHUNK_BYTES];
      used = 0;
    }
  }

  /** Waits for room in the queue, unless the writer has failed: then its failure is thrown here. */
  private void put(Chunk chunk) throws IOException {
    try {
      while (!queue.offer(chunk, 100, TimeUnit.MILLISECONDS)) {
        if (writer.isDone()) {
          awaitWriter();
          throw new IOException("the gzip writer stopped");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("generation interrupted", e);
    }
  }

  private void awaitWriter() throws IOException {
    try {
      writer.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("generation interrupted", e);
    } catch (ExecutionException e) {
      throw new IOException("writing a generated file failed: " + e.getCause().getMessage(), e.getCause());
    }
  }

  private Void write() throws IOException, InterruptedException {
    OutputStream out = null;
    try {
      for (Chunk chunk = queue.take(); chunk.file() != null; chunk = queue.take()) {
        if (out == null) {
          out = open(chunk.file());
        }
        if (chunk.length() < 0) {
          out.close();
          out = null;
        } else {
          out.write(chunk.bytes(), 0, chunk.length());
        }
      }
      return null;
    } finally {
      if (out != null) {
        out.close();
      }
    }
  }

  private static OutputStream open(Path file) throws IOException {
    // gzip's default level, as archives are written: storage and load ratios are taken against it
    return new GZIPOutputStream(Files.newOutputStream(file), 1 << 16);
  }
}
