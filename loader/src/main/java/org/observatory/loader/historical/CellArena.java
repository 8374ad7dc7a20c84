package org.observatory.loader.historical;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.CellUtil;
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
  private boolean sorted;

  /** Copies a cell in; returns the bytes it takes here. */
  long add(KeyValue kv) {
    if (sorted) {
      throw new IllegalStateException("cells added after the sort");
    }
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

  /** The bytes of the cells held; once sorted, of the distinct ones. */
  long bytes() {
    return bytes;
  }

  /**
   * Puts the cells in HBase's order, leaving out repeats (of equal cells, the one added first); no cell
   * may be added after. The cells are first gathered by row (a hash of the rows' bytes, then a counting
   * sort by each row's place among the distinct rows), then each row's cells sorted on their own: most
   * cells share their row with many others (a common word's, a hashtag's entries), and compared whole,
   * each comparison read both rows to their ends first.
   */
  void sort() {
    if (sorted) {
      return;
    }
    sorted = true;
    int[] rowOf = new int[size];
    long[] rows = distinctRows(rowOf);
    int[] rank = ranks(rows);
    int[] ends = new int[rows.length]; // each row's cells end here in the order
    for (int i = 0; i < size; i++) {
      ends[rank[rowOf[i]]]++;
    }
    for (int r = 1; r < ends.length; r++) {
      ends[r] += ends[r - 1];
    }
    long[] byRow = new long[size];
    for (int i = size - 1; i >= 0; i--) { // from the last, so that each row's cells keep the order added
      byRow[--ends[rank[rowOf[i]]]] = refs[i];
    }
    // ends[r] is now where row r starts
    System.arraycopy(byRow, 0, refs, 0, size);
    int distinct = 0;
    for (int r = 0; r < ends.length; r++) {
      int from = ends[r];
      int until = r + 1 < ends.length ? ends[r + 1] : size;
      mergeSort(refs, byRow, from, until, this::compareWithinRow);
      for (int i = from; i < until; i++) { // refs below until are free again: the row's cells are in byRow
        if (i == from || compareWithinRow(byRow[i - 1], byRow[i]) != 0) {
          refs[distinct++] = byRow[i];
        } else {
          bytes -= length(byRow[i]);
        }
      }
    }
    size = distinct;
  }

  /** Sorts the cells ({@link #sort}) and takes each in order. */
  void forEachSorted(CellSorter.CellOut out) throws IOException {
    sort();
    for (int i = 0; i < size; i++) {
      out.write(cell(refs[i]));
    }
  }

  /** How many distinct cells there are, once sorted. */
  int sortedSize() {
    return size;
  }

  /** The cell at a place in the order, once sorted. */
  KeyValue sortedCell(int place) {
    return cell(refs[place]);
  }

  /** The row of the cell halfway through the bytes, once sorted. */
  byte[] middleRow() {
    long sofar = 0;
    int i = 0;
    while (i < size - 1 && (sofar += length(refs[i])) <= bytes / 2) {
      i++;
    }
    return CellUtil.cloneRow(cell(refs[i]));
  }

  /** Numbers the distinct rows in the order first added: {@code rowOf[i]} is cell i's; returns a cell of each. */
  private long[] distinctRows(int[] rowOf) {
    int capacity = Integer.highestOneBit(Math.max(size, 2) * 3 / 2) << 1; // between 1.5 and 3 times the cells
    int shift = Integer.numberOfLeadingZeros(capacity) + 1; // a hash's top bits pick its slot
    int[] slots = new int[capacity]; // a row's number + 1, or 0
    long[] rows = new long[Math.max(16, size / 64)];
    int count = 0;
    for (int i = 0; i < size; i++) {
      long ref = refs[i];
      for (int slot = rowHash(ref) >>> shift; ; slot = (slot + 1) & (capacity - 1)) {
        int row = slots[slot] - 1;
        if (row < 0) {
          if (count == rows.length) {
            rows = Arrays.copyOf(rows, count * 2);
          }
          rows[count] = ref;
          slots[slot] = ++count;
          rowOf[i] = count - 1;
          break;
        }
        if (compareRows(rows[row], ref) == 0) {
          rowOf[i] = row;
          break;
        }
      }
    }
    return Arrays.copyOf(rows, count);
  }

  /** Each numbered row's place in the order of rows. */
  private int[] ranks(long[] rows) {
    long[] order = new long[rows.length];
    for (int r = 0; r < rows.length; r++) {
      order[r] = r;
    }
    long[] scratch = order.clone();
    mergeSort(scratch, order, 0, rows.length, (a, b) -> compareRows(rows[(int) a], rows[(int) b]));
    int[] rank = new int[rows.length];
    for (int place = 0; place < rows.length; place++) {
      rank[(int) order[place]] = place;
    }
    return rank;
  }

  private int rowHash(long ref) {
    byte[] chunk = chunks.get((int) (ref >>> 32));
    int key = (int) ref + Bytes.SIZEOF_INT + KeyValue.ROW_OFFSET;
    int hash = 1;
    for (int i = key + Bytes.SIZEOF_SHORT, end = i + Bytes.toShort(chunk, key); i < end; i++) {
      hash = 31 * hash + chunk[i];
    }
    return hash * 0x9E3779B9; // Fibonacci hashing: the top bits depend on all of them
  }

  private KeyValue cell(long ref) {
    return new KeyValue(chunks.get((int) (ref >>> 32)), (int) ref + Bytes.SIZEOF_INT, length(ref));
  }

  private int length(long ref) {
    return Bytes.toInt(chunks.get((int) (ref >>> 32)), (int) ref);
  }

  /** Compares two cells by their references. */
  private interface RefOrder {
    int compare(long a, long b);
  }

  /**
   * Sorts {@code to[from, until)}, which {@code from} holds too. A merge sort, as the JDK's for objects:
   * stable, and it skips the merge of halves already in order (a row's cells come nearly so, by tweet
   * id). Hadoop's quicksort of the same references took a third longer.
   */
  private static void mergeSort(long[] src, long[] to, int from, int until, RefOrder order) {
    if (until - from < INSERTION_SORT) {
      for (int i = from + 1; i < until; i++) {
        for (int j = i; j > from && order.compare(to[j - 1], to[j]) > 0; j--) {
          long t = to[j];
          to[j] = to[j - 1];
          to[j - 1] = t;
        }
      }
      return;
    }
    int middle = (from + until) >>> 1;
    mergeSort(to, src, from, middle, order);
    mergeSort(to, src, middle, until, order);
    if (order.compare(src[middle - 1], src[middle]) <= 0) {
      System.arraycopy(src, from, to, from, until - from);
      return;
    }
    for (int i = from, p = from, q = middle; i < until; i++) {
      to[i] = q >= until || p < middle && order.compare(src[p], src[q]) <= 0 ? src[p++] : src[q++];
    }
  }

  /**
   * HBase's order of two cells ({@code CellComparatorImpl}'s for puts), read from their bytes: row
   * ({@link #compareRows}), then family, qualifier, the newer timestamp first ({@link #compareWithinRow}).
   * Made into {@link KeyValue}s for HBase's own comparator, which checks each one's bytes as it is made,
   * they cost a fifth of a load's time.
   */
  private int compareRows(long a, long b) {
    byte[] x = chunks.get((int) (a >>> 32));
    byte[] y = chunks.get((int) (b >>> 32));
    int xKey = (int) a + Bytes.SIZEOF_INT + KeyValue.ROW_OFFSET;
    int yKey = (int) b + Bytes.SIZEOF_INT + KeyValue.ROW_OFFSET;
    return Bytes.compareTo(x, xKey + Bytes.SIZEOF_SHORT, Bytes.toShort(x, xKey), y, yKey + Bytes.SIZEOF_SHORT,
        Bytes.toShort(y, yKey));
  }

  /** The order of two cells of one row. */
  private int compareWithinRow(long a, long b) {
    byte[] x = chunks.get((int) (a >>> 32));
    byte[] y = chunks.get((int) (b >>> 32));
    int xKey = (int) a + Bytes.SIZEOF_INT + KeyValue.ROW_OFFSET;
    int yKey = (int) b + Bytes.SIZEOF_INT + KeyValue.ROW_OFFSET;
    int xFamily = xKey + Bytes.SIZEOF_SHORT + Bytes.toShort(x, xKey); // its length's byte, then its bytes
    int yFamily = yKey + Bytes.SIZEOF_SHORT + Bytes.toShort(y, yKey);
    int xFamilyLength = x[xFamily] & 0xff;
    int yFamilyLength = y[yFamily] & 0xff;
    int c = Bytes.compareTo(x, xFamily + 1, xFamilyLength, y, yFamily + 1, yFamilyLength);
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
