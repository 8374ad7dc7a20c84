package org.observatory.api.query.tally;

import it.unimi.dsi.fastutil.longs.LongArrays;
import it.unimi.dsi.fastutil.objects.Object2LongMap;
import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Counts under string keys (memes, pairs of memes), the tallies and the kept hours merged, most first,
 * then by key. The string-keyed sibling of {@link IdTallies}: sorting a map's entries by a comparator
 * read two objects from all over the heap per comparison, most of a 16-day co-occurrence's time. Here
 * the counts are summed in an open-addressing map and ordered by a radix sort of the counts and the
 * keys' first {@value #PACKED_CHARS} characters; only keys that share those with another of the same
 * count are compared whole (meme pairs begin alike: the asked meme is in most). Not thread-safe.
 */
public final class KeyCounts {
  private static final int CHARS_A_PACK = Long.BYTES;
  private static final int PACKS = 3;
  static final int PACKED_CHARS = PACKS * CHARS_A_PACK;

  private final String[] keys;
  private final long[] count;
  /** Where each key is in {@link #keys}, which the sort leaves in place. */
  private final long[] keyAt;

  private KeyCounts(String[] keys, long[] count, long[] keyAt) {
    this.keys = keys;
    this.count = count;
    this.keyAt = keyAt;
  }

  public static KeyCounts mostFirst(Map<String, Tally> tallies, List<ByteBuffer> kept) {
    int largestHour = kept.stream().mapToInt(KeptTally::size).max().orElse(0);
    Object2LongOpenHashMap<String> sums = new Object2LongOpenHashMap<>(Math.max(tallies.size(), 2 * largestHour));
    tallies.forEach((key, tally) -> sums.addTo(key, tally.count()));
    for (ByteBuffer hour : kept) {
      KeptTally.decode(hour, (bytes, from, length, n, time, labelAt) ->
          sums.addTo(KeptTally.text(bytes, from, length), n));
    }
    int size = sums.size();
    String[] keys = new String[size];
    // sorted by: the count, negated; the key's packs; where the key is
    long[][] order = new long[PACKS + 2][size];
    long[] least = order[0];
    long[] keyAt = order[PACKS + 1];
    int i = 0;
    for (Object2LongMap.Entry<String> entry : sums.object2LongEntrySet()) {
      keys[i] = entry.getKey();
      least[i] = -entry.getLongValue();
      pack(keys[i], order, i);
      keyAt[i] = i;
      i++;
    }
    LongArrays.radixSort(order, 0, size);
    for (int from = 0, to; from < size; from = to) {
      to = from + 1;
      while (to < size && samePacks(order, from, to)) {
        to++;
      }
      if (to - from > 1) {
        LongArrays.quickSort(keyAt, from, to, (a, b) -> keys[(int) a].compareTo(keys[(int) b]));
      }
    }
    for (int r = 0; r < size; r++) {
      least[r] = -least[r];
    }
    return new KeyCounts(keys, least, keyAt);
  }

  public int size() {
    return count.length;
  }

  public String key(int i) {
    return keys[(int) keyAt[i]];
  }

  public long count(int i) {
    return count[i];
  }

  /** The keys and their counts in this order, as a map read from the arrays (finding a key walks them). */
  Map<String, Long> asMap() {
    return new AbstractMap<>() {
      @Override
      public Set<Map.Entry<String, Long>> entrySet() {
        return new AbstractSet<>() {
          @Override
          public Iterator<Map.Entry<String, Long>> iterator() {
            return IntStream.range(0, KeyCounts.this.size())
                .mapToObj(i -> (Map.Entry<String, Long>) new SimpleImmutableEntry<>(key(i), count(i))).iterator();
          }

          @Override
          public int size() {
            return KeyCounts.this.size();
          }
        };
      }
    };
  }

  /** Whether the count and every pack are equal (the last array is where the key is). */
  private static boolean samePacks(long[][] order, int a, int b) {
    for (int k = 0; k < order.length - 1; k++) {
      if (order[k][a] != order[k][b]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The key's first {@value #PACKED_CHARS} characters, a byte each, into {@code order[1..PACKS][i]}:
   * longs whose signed order is theirs. Characters past the key's end are 0. The first character above
   * U+00FE is 0xFF and the rest zeros, so the packs order as the key does or equal another's, which
   * leaves the order to the whole keys.
   */
  private static void pack(String key, long[][] order, int i) {
    boolean ended = false;
    for (int p = 0; p < PACKS; p++) {
      long packed = 0;
      for (int c = p * CHARS_A_PACK; c < (p + 1) * CHARS_A_PACK; c++) {
        int at = ended || c >= key.length() ? 0 : Math.min(key.charAt(c), 0xFF);
        ended |= at == 0xFF;
        packed = packed << Byte.SIZE | at;
      }
      order[1 + p][i] = packed ^ Long.MIN_VALUE;
    }
  }
}
