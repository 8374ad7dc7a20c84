package org.observatory.loader.stream;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.observatory.loader.TweetFiles;

/**
 * Replays tweet files as a stream, at a given rate in lines per second or as fast as the loader takes
 * them (rate 0): the capacity test of a streaming loader.
 */
public final class ReplaySource implements LineSource {
  private final List<Path> files;
  private final double linesPerSecond;
  private volatile boolean closed;

  public ReplaySource(List<Path> files, double linesPerSecond) {
    this.files = List.copyOf(files);
    this.linesPerSecond = linesPerSecond;
  }

  @Override
  public void stream(Sink sink) throws IOException, InterruptedException {
    long start = System.nanoTime();
    long[] sent = {0};
    for (Path file : files) {
      try {
        TweetFiles.read(file, new AtomicLong(), (number, line) -> {
          if (closed) {
            throw new Stop();
          }
          pace(start, sent[0]++);
          try {
            sink.accept(line);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Stop();
          }
        });
      } catch (Stop stop) {
        break;
      }
    }
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
  }

  private void pace(long start, long sent) throws Stop {
    if (linesPerSecond <= 0) {
      return;
    }
    long due = start + (long) (sent * 1e9 / linesPerSecond);
    long wait = due - System.nanoTime();
    if (wait > 1_000_000) {
      try {
        Thread.sleep(wait / 1_000_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new Stop();
      }
    }
  }

  @Override
  public void close() {
    closed = true;
  }

  /** Ends a replay from inside the line callback. */
  private static final class Stop extends IOException {
    Stop() {
      super("replay stopped");
    }
  }
}
