package org.observatory.api.query.tally;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * An hour's tallies as the content queries' hour cache (phase 1's TalliesByHour) keeps them: the
 * tweets tallied, then each key with its count, time and label. Read in place by the answers' merges ({@link IdTallies}, {@link KeyCounts}),
 * which take the keys and labels from the bytes only when they need them.
 */
public final class KeptTally {
  private KeptTally() {}

  /** The tweets tallied, then each key with its tally. */
  public static ByteBuffer encode(Tallies tallies, long tweets) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeLong(tweets);
      out.writeInt(tallies.asMap().size());
      for (Map.Entry<String, Tally> entry : tallies.asMap().entrySet()) {
        Tally tally = entry.getValue();
        out.writeUTF(entry.getKey());
        out.writeLong(tally.count());
        out.writeLong(tally.time());
        out.writeBoolean(tally.label() != null);
        if (tally.label() != null) {
          out.writeUTF(tally.label());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory", e);
    }
    return ByteBuffer.wrap(bytes.toByteArray());
  }

  /** The keys an {@link #encode}d tally holds, read from its head alone. */
  static int size(ByteBuffer tally) {
    return tally.getInt(tally.position() + Long.BYTES);
  }

  /** The tweets an {@link #encode}d tally counted, read from its head alone. */
  public static long tweets(ByteBuffer tally) {
    return tally.getLong(tally.position());
  }

  /**
   * One key's tally as {@link #encode} wrote it, the key still as bytes (modified UTF-8) and the label
   * where it lies, read by {@link #label} only if wanted: of the millions of labels a 16-day answer
   * reads, most lose to a later one.
   */
  @FunctionalInterface
  public interface Entry {
    /** @param labelAt where the label's length is in {@code bytes}, or {@link #NO_LABEL} */
    void read(byte[] bytes, int keyFrom, int keyLength, long count, long time, int labelAt);
  }

  static final int NO_LABEL = -1;

  /** Hands each key's tally that {@link #encode} wrote to {@code into}; returns the tweets it counted. */
  public static long decode(ByteBuffer tally, Entry into) {
    ByteBuffer in = tally.duplicate();
    byte[] bytes = in.array();
    try {
      long tweets = in.getLong();
      int size = in.getInt();
      for (int i = 0; i < size; i++) {
        int length = Short.toUnsignedInt(in.getShort());
        int from = in.arrayOffset() + in.position();
        in.position(in.position() + length);
        long count = in.getLong();
        long time = in.getLong();
        int labelAt = NO_LABEL;
        if (in.get() != 0) {
          labelAt = in.arrayOffset() + in.position();
          in.position(in.position() + 2 + Short.toUnsignedInt(in.getShort(in.position())));
        }
        into.read(bytes, from, length, count, time, labelAt);
      }
      return tweets;
    } catch (BufferUnderflowException | IllegalArgumentException | IndexOutOfBoundsException e) {
      throw new IllegalStateException("a kept tally is cut short", e);
    }
  }

  /** The label {@link #decode} found at {@code labelAt}, or null for {@link #NO_LABEL}. */
  public static String label(byte[] bytes, int labelAt) {
    if (labelAt == NO_LABEL) {
      return null;
    }
    return text(bytes, labelAt + 2, (bytes[labelAt] & 0xFF) << 8 | bytes[labelAt + 1] & 0xFF);
  }

  /**
   * What {@link DataOutputStream#writeUTF} wrote (after its length). Ids, edges and screen names are
   * ASCII, which that encoding leaves as it is: those are read as they stand, the rest through
   * {@link DataInputStream}.
   */
  public static String text(byte[] bytes, int from, int length) {
    for (int i = from; i < from + length; i++) {
      if (bytes[i] < 0) {
        try {
          return new DataInputStream(new ByteArrayInputStream(bytes, from - 2, length + 2)).readUTF();
        } catch (IOException e) {
          throw new UncheckedIOException("a kept tally holds a malformed key", e);
        }
      }
    }
    return new String(bytes, from, length, StandardCharsets.ISO_8859_1);
  }
}
