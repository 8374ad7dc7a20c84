package org.observatory.loader;

import java.util.Arrays;

/**
 * The tweet ids one input stored, to count repeats at its end: 8 bytes an id, sorted once, where a
 * hash set would take about 60. Not thread-safe.
 */
final class SeenIds {
  private long[] ids = new long[1024];
  private int size;

  void add(long id) {
    if (size == ids.length) {
      ids = Arrays.copyOf(ids, size * 2);
    }
    ids[size++] = id;
  }

  /** How many of the ids added repeat an earlier one. */
  long repeats() {
    Arrays.sort(ids, 0, size);
    long repeats = 0;
    for (int i = 1; i < size; i++) {
      if (ids[i] == ids[i - 1]) {
        repeats++;
      }
    }
    return repeats;
  }
}
