package org.observatory.api.query.tally;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

/**
 * Tallies under a user id or an edge's two ids, gathered in primitive arrays and merged by sorting
 * them. A 16-day answer merges millions of kept hours' tallies: through a map of string keys each one
 * cost several reads from all over the heap, and so did an open-addressing table of indexes (a cache
 * miss per array a tally touched). Here the keys are read from the kept bytes as numbers and sorted
 * least significant byte first, each pass reading the arrays in order; bytes that no two keys differ
 * in are skipped. A sort comparing whole keys (fastutil's radix sort of every array) was 37 % of a
 * 16-day user-post-count on 10 million tweets. Merges as {@link Tally#merge} does. Not thread-safe.
 */
final class IdTallies {
  private static final int FIRST = 0;
  private static final int SECOND = 1;
  private static final int COUNT = 2;
  private static final int TIME = 3;
  /**
   * Where each tally's label is, read only for the tallies that win and are listed: a kept hour's
   * index in {@link #keptBytes} and the label's place in it ({@code hour << 32 | at}); {@code -2 - i}
   * for {@link #mapLabels}{@code [i]}; or {@link KeptTally#NO_LABEL}. Making every label a string
   * as it was read, then finding each listed one at random among millions, cost a 16-day
   * user-post-count about a third of its time in cache misses.
   */
  private static final int LABEL_AT = 4;

  private long[][] columns;
  private final String[] mapLabels;
  private final byte[][] keptBytes;
  private int size;

  private IdTallies(int capacity, int mapped, int hours) {
    columns = new long[LABEL_AT + 1][capacity];
    mapLabels = new String[mapped];
    keptBytes = new byte[hours][];
  }

  /**
   * The tallies of the map (keys {@code ID} or {@code ID>ID}) and of the hours kept, merged, most
   * first, then by the first id and the second.
   */
  static IdTallies mostFirst(Map<String, Tally> tallies, List<ByteBuffer> kept) {
    IdTallies all = new IdTallies(tallies.size() + kept.stream().mapToInt(KeptTally::size).sum(),
        tallies.size(), kept.size());
    tallies.forEach((key, tally) -> {
      int arrow = key.indexOf('>');
      long labelAt = KeptTally.NO_LABEL;
      if (tally.label() != null) {
        labelAt = -2L - all.size;
        all.mapLabels[all.size] = tally.label();
      }
      all.add(Long.parseLong(key, 0, arrow < 0 ? key.length() : arrow, 10),
          arrow < 0 ? 0 : Long.parseLong(key, arrow + 1, key.length(), 10), tally.count(), tally.time(), labelAt);
    });
    for (int h = 0; h < kept.size(); h++) {
      long hour = (long) h << 32;
      all.keptBytes[h] = kept.get(h).array();
      KeptTally.decode(kept.get(h), (bytes, from, length, count, time, labelAt) -> {
        int to = from + length;
        int arrow = from;
        while (arrow < to && bytes[arrow] != '>') {
          arrow++;
        }
        all.add(id(bytes, from, arrow), arrow < to ? id(bytes, arrow + 1, to) : 0, count, time,
            labelAt == KeptTally.NO_LABEL ? labelAt : hour | labelAt);
      });
    }
    // Stable sorts, least significant first: by the first id and the second, then by count.
    all.sortStablyBy(SECOND, false);
    all.sortStablyBy(FIRST, false);
    all.merge();
    all.sortStablyBy(COUNT, true);
    return all;
  }

  int size() {
    return size;
  }

  long first(int i) {
    return columns[FIRST][i];
  }

  long second(int i) {
    return columns[SECOND][i];
  }

  long count(int i) {
    return columns[COUNT][i];
  }

  String label(int i) {
    long at = columns[LABEL_AT][i];
    if (at >= 0) {
      return KeptTally.label(keptBytes[(int) (at >>> 32)], (int) at);
    }
    return at == KeptTally.NO_LABEL ? null : mapLabels[(int) (-2 - at)];
  }

  private void add(long a, long b, long n, long at, long labelAt) {
    columns[FIRST][size] = a;
    columns[SECOND][size] = b;
    columns[COUNT][size] = n;
    columns[TIME][size] = at;
    columns[LABEL_AT][size++] = labelAt;
  }

  /** Each run of equal keys (adjacent once sorted) folded into one tally in place. */
  private void merge() {
    long[] first = columns[FIRST];
    long[] second = columns[SECOND];
    long[] count = columns[COUNT];
    long[] time = columns[TIME];
    long[] labelAt = columns[LABEL_AT];
    int merged = -1;
    for (int i = 0; i < size; i++) {
      if (merged >= 0 && first[merged] == first[i] && second[merged] == second[i]) {
        count[merged] += count[i];
        if (time[i] > time[merged] || time[i] == time[merged] && labelAt[i] != labelAt[merged]
            && later(label(i), label(merged))) {
          time[merged] = time[i];
          labelAt[merged] = labelAt[i];
        }
      } else {
        merged++;
        for (long[] column : columns) {
          column[merged] = column[i];
        }
      }
    }
    size = merged + 1;
  }

  /**
   * Reorders every column by one, keeping the order of equal values: an LSD radix sort a byte a pass,
   * over the bytes in which the values differ (a user id's upper bytes and most of a count's are the
   * same in every tally).
   */
  private void sortStablyBy(int column, boolean descending) {
    long[] key = columns[column];
    long differing = 0;
    for (int i = 1; i < size; i++) {
      differing |= key[i] ^ key[0];
    }
    // Flipping the sign bit orders signed values as unsigned bytes; flipping the rest too reverses it.
    long flip = descending ? Long.MAX_VALUE : Long.MIN_VALUE;
    int[] to = new int[size];
    long[][] moved = null;
    for (int shift = 0; shift < Long.SIZE; shift += Byte.SIZE) {
      if ((differing >>> shift & 0xFF) == 0) {
        continue;
      }
      key = columns[column];
      int[] start = new int[257];
      for (int i = 0; i < size; i++) {
        start[(int) ((key[i] ^ flip) >>> shift & 0xFF) + 1]++;
      }
      for (int b = 0; b < 256; b++) {
        start[b + 1] += start[b];
      }
      for (int i = 0; i < size; i++) {
        to[i] = start[(int) ((key[i] ^ flip) >>> shift & 0xFF)]++;
      }
      if (moved == null) {
        moved = new long[columns.length][size];
      }
      for (int c = 0; c < columns.length; c++) {
        long[] from = columns[c];
        long[] into = moved[c];
        for (int i = 0; i < size; i++) {
          into[to[i]] = from[i];
        }
      }
      long[][] swap = columns;
      columns = moved;
      moved = swap;
    }
  }

  /** Whether a label wins a tie in time, as {@link Tally#merge} decides (no label loses). */
  private static boolean later(String label, String over) {
    return label != null && (over == null || label.compareTo(over) > 0);
  }

  /** A decimal id, as {@link Long#toString} wrote it into a kept key. */
  private static long id(byte[] bytes, int from, int to) {
    boolean negative = bytes[from] == '-';
    long value = 0;
    for (int i = negative ? from + 1 : from; i < to; i++) {
      value = value * 10 + (bytes[i] - '0');
    }
    return negative ? -value : value;
  }
}
