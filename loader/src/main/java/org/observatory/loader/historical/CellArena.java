package org.observatory.loader.historical;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One table's cells held for sorting, copied into large arrays and sorted by reference. Held as
 * objects, a gigabyte of small cells outlived the young collections and cost full ones (4.9 s of
 * pauses in a 39 s load); in a few large arrays the collector has nothing to trace. Not thread-safe.
 */
final class CellArena {
  /** Chunks grow from the first to the largest, so that a table with few cells holds little. */
  private static final int FIRST_CHUNK = 64 << 10;
  private static final int CHUNK = 8 << 20;
  private static final int INSERTION_SORT = 16;
  private final List<byte[]> chunks = new ArrayList<>();
  private byte[] current;
  private int used;
  /** Each cell as its chunk (high half) and the offset of its length, then its bytes (low half). */
  private long[] refs = new long[1 << 10];
  private int size;
  private long bytes;

  /** Copies a cell in; returns the bytes it takes here. */
  long add(KeyValue kv) {
    int length = kv.getLength();
    if (current == null || used + Bytes.SIZEOF_INT + length > current.length) {
      int next = chunks.size() < 8 ? FIRST_CHUNK << chunks.size() : CHUNK;
      current = new byte[Math.max(next, Bytes.SIZEOF_INT + length)];
      chunks.add(current);
      used = 0;
    }
    Bytes.putInt(current, used, length);
    System.arraycopy(kv.getBuffer(), kv.getOffset(), current, used + Bytes.SIZEOF_INT, length);
    if (size == refs.length) {
      refs = Arrays.copyOf(refs, size * 2);
    }
    refs[size++] = (long) (chunks.size() - 1) << 32 | used;
    used += Bytes.SIZEOF_INT + length;
    bytes += length;
    return Bytes.SIZEOF_INT + length + Long.BYTES;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** The bytes of the cells held. */
  long bytes() {
    return bytes;
  }

  /** Takes each distinct cell in HBase's order; of equal cells, the one added first. */
  void forEachSorted(CellSorter.CellOut out) throws IOException {
    long[] sorted = Arrays.copyOf(refs, size);
    mergeSort(Arrays.copyOf(refs, size), sorted, 0, size);
    refs = sorted;
    for (int i = 0; i < size; i++) {
      if (i == 0 || compare(refs[i - 1], refs[i]) != 0) {
        out.write(cell(refs[i]));
      }
    }
  }

  private KeyValue cell(long ref) {
    byte[] chunk = chunks.get((int) (ref >>> 32));
    int offset = (int) ref;
    return new KeyValue(chunk, offset + Bytes.SIZEOF_INT, Bytes.toInt(chunk, offset));
  }

  /**
   * Sorts {@code to[from, until)}, which {@code from} holds too. A merge sort, as the JDK's for objects:
   * stable, and it skips the merge of halves already in order (the tweet tables' rows come nearly so).
   * Hadoop's quicksort of the same references took a third longer.
   */
  private void mergeSort(long[] src, long[] to, int from, int until) {
    if (until - from < INSERTION_SORT) {
      for (int i = from + 1; i < until; i++) {
        for (int j = i; j > from && compare(to[j - 1], to[j]) > 0; j--) {
          long t = to[j];
          to[j] = to[j - 1];
          to[j - 1] = t;
        }
      }
      return;
    }
    int middle = (from + until) >>> 1;
    mergeSort(to, src, from, middle);
    mergeSort(to, src, middle, until);
    if (compare(src[middle - 1], src[middle]) <= 0) {
      System.arraycopy(src, from, to, from, until - from);
      return;
    }
    for (int i = from, p = from, q = middle; i < until; i++) {
      to[i] = q >= until || p < middle && compare(src[p], src[q]) <= 0 ? src[p++] : src[q++];
    }
  }

  /**
   * HBase's order of two cells ({@code CellComparatorImpl}'s for puts), read from their bytes: row,
   * family, qualifier, then the newer timestamp first. Made into {@link KeyValue}s for HBase's own
   * comparator, which checks each one's bytes as it is made, they cost a fifth of a load's time.
   */
  private int compare(long a, long b) {
    byte[] x = chunks.get((int) (a >>> 32));
    byte[] y = chunks.get((int) (b >>> 32));
    int xKey = (int) a + Bytes.SIZEOF_INT + KeyValue.ROW_OFFSET;
    int yKey = (int) b + Bytes.SIZEOF_INT + KeyValue.ROW_OFFSET;
    int xRowLength = Bytes.toShort(x, xKey);
    int yRowLength = Bytes.toShort(y, yKey);
    int c = Bytes.compareTo(x, xKey + Bytes.SIZEOF_SHORT, xRowLength, y, yKey + Bytes.SIZEOF_SHORT, yRowLength);
    if (c != 0) {
      return c;
    }
    int xFamily = xKey + Bytes.SIZEOF_SHORT + xRowLength; // its length's byte, then its bytes
    int yFamily = yKey + Bytes.SIZEOF_SHORT + yRowLength;
    int xFamilyLength = x[xFamily] & 0xff;
    int yFamilyLength = y[yFamily] & 0xff;
    c = Bytes.compareTo(x, xFamily + 1, xFamilyLength, y, yFamily + 1, yFamilyLength);
    if (c != 0) {
      return c;
    }
    int xKeyEnd = xKey + Bytes.toInt(x, xKey - KeyValue.ROW_OFFSET);
    int yKeyEnd = yKey + Bytes.toInt(y, yKey - KeyValue.ROW_OFFSET);
    int xQualifier = xFamily + 1 + xFamilyLength;
    int yQualifier = yFamily + 1 + yFamilyLength;
    c = Bytes.compareTo(x, xQualifier, xKeyEnd - KeyValue.TIMESTAMP_TYPE_SIZE - xQualifier, y, yQualifier,
        yKeyEnd - KeyValue.TIMESTAMP_TYPE_SIZE - yQualifier);
    if (c != 0) {
      return c;
    }
    c = Long.compare(Bytes.toLong(y, yKeyEnd - KeyValue.TIMESTAMP_TYPE_SIZE),
        Bytes.toLong(x, xKeyEnd - KeyValue.TIMESTAMP_TYPE_SIZE));
    return c != 0 ? c : (y[yKeyEnd - 1] & 0xff) - (x[xKeyEnd - 1] & 0xff);
  }
}
