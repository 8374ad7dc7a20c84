package org.observatory.api.query;

import it.unimi.dsi.fastutil.longs.LongArrays;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

/**
 * Tallies under a user id or an edge's two ids, gathered in primitive arrays and merged by sorting
 * them. A 16-day answer merges millions of kept hours' tallies: through a map of string keys each one
 * cost several reads from all over the heap, most of the answer's time; here the keys are read from
 * the kept bytes as numbers and a radix sort brings equal ones together. Merges as {@link Tally#merge}
 * does. Not thread-safe.
 */
final class IdTallies {
  private final long[] first;
  private final long[] second;
  private final long[] count;
  private final long[] time;
  /** Where each tally's label is in {@link #labels}, which the sorts leave in place. */
  private final long[] labelAt;
  private final String[] labels;
  private int size;

  private IdTallies(int capacity) {
    first = new long[capacity];
    second = new long[capacity];
    count = new long[capacity];
    time = new long[capacity];
    labelAt = new long[capacity];
    labels = new String[capacity];
  }

  /**
   * The tallies of the map (keys {@code ID} or {@code ID>ID}) and of the hours kept, merged, most
   * first, then by the first id and the second.
   */
  static IdTallies mostFirst(Map<String, Tally> tallies, List<ByteBuffer> kept) {
    IdTallies all = new IdTallies(tallies.size() + kept.stream().mapToInt(HourlyTallies::size).sum());
    tallies.forEach((key, tally) -> {
      int arrow = key.indexOf('>');
      all.add(Long.parseLong(key, 0, arrow < 0 ? key.length() : arrow, 10),
          arrow < 0 ? 0 : Long.parseLong(key, arrow + 1, key.length(), 10), tally.count(), tally.time(), tally.label());
    });
    for (ByteBuffer hour : kept) {
      HourlyTallies.decode(hour, (bytes, from, length, count, time, label) -> {
        int to = from + length;
        int arrow = from;
        while (arrow < to && bytes[arrow] != '>') {
          arrow++;
        }
        all.add(id(bytes, from, arrow), arrow < to ? id(bytes, arrow + 1, to) : 0, count, time, label);
      });
    }
    all.merge();
    all.sortMostFirst();
    return all;
  }

  int size() {
    return size;
  }

  long first(int i) {
    return first[i];
  }

  long second(int i) {
    return second[i];
  }

  long count(int i) {
    return count[i];
  }

  String label(int i) {
    return labels[(int) labelAt[i]];
  }

  private void add(long a, long b, long n, long at, String label) {
    first[size] = a;
    second[size] = b;
    count[size] = n;
    time[size] = at;
    labelAt[size] = size;
    labels[size++] = label;
  }

  /** Equal keys brought together by sorting, each run folded into one tally in place. */
  private void merge() {
    LongArrays.radixSort(new long[][] {first, second, time, count, labelAt}, 0, size);
    int merged = -1;
    for (int i = 0; i < size; i++) {
      if (merged >= 0 && first[merged] == first[i] && second[merged] == second[i]) {
        count[merged] += count[i];
        if (time[i] > time[merged] || time[i] == time[merged] && later(label(i), label(merged))) {
          time[merged] = time[i];
          labelAt[merged] = labelAt[i];
        }
      } else {
        merged++;
        first[merged] = first[i];
        second[merged] = second[i];
        count[merged] = count[i];
        time[merged] = time[i];
        labelAt[merged] = labelAt[i];
      }
    }
    size = merged + 1;
  }

  /** Most first, then by the first id and the second (unique after {@link #merge}). */
  private void sortMostFirst() {
    for (int i = 0; i < size; i++) {
      count[i] = -count[i];
    }
    LongArrays.radixSort(new long[][] {count, first, second, labelAt}, 0, size);
    for (int i = 0; i < size; i++) {
      count[i] = -count[i];
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
