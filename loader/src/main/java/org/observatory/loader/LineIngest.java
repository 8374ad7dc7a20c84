package org.observatory.loader;

import java.io.IOException;
import java.util.List;
import org.observatory.schemas.tables.WrittenHours;

/**
 * What every loader hands an input's lines to, a line at a time, whatever the platform: Twitter's
 * status lines go straight through {@link Ingest}; Bluesky's Jetstream events are first made into
 * statuses. Not thread-safe: one per input or stream segment.
 */
public interface LineIngest {
  /** Takes one line; writes a batch when one is full. Bad lines are counted and set aside. */
  void line(long number, String text, RejectedLines rejects) throws IOException;

  /** Writes what is pending. */
  void flush() throws IOException;

  /** The ids of the tweets deleted by the lines taken so far, for the caller to erase once stored; clears the list. */
  List<Long> drainDeleted();

  /**
   * The hours whose index cells the batches written so far hold; starts a new set. The caller moves
   * them on in the counts table once those batches are stored.
   */
  WrittenHours drainWrittenHours();

  /** Adds the count of ids stored more than once to the counters; call once, at the input's end. */
  void countRepeats();
}
