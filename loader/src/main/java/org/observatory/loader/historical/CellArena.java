package org.observatory.loader.historical;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
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
  /** The bytes of a row compared without reading it from its chunk ({@link DistinctRows}). */
  private static final int HEAD = Long.BYTES;
  /** An array, not a list: the sort reads two chunks a comparison, and the list's checks were 4 % of a load's samples. */
  private byte[][] chunks = new byte[8][];
  private int chunkCount;
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
      int next = chunkCount < 8 ? FIRST_CHUNK << chunkCount : CHUNK;
      current = new byte[Math.max(next, Bytes.SIZEOF_INT + length)];
      if (chunkCount == chunks.length) {
        chunks = Arrays.copyOf(chunks, chunkCount * 2);
      }
      chunks[chunkCount++] = current;
      used = 0;
    }
    Bytes.putInt(current, used, length);
    System.arraycopy(kv.getBuffer(), kv.getOffset(), current, used + Bytes.SIZEOF_INT, length);
    if (size == refs.length) {
      refs = Arrays.copyOf(refs, size * 2);
    }
    refs[size++] = (long) (chunkCount - 1) << 32 | used;
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
    DistinctRows rows = distinctRows(rowOf);
    int[] rank = ranks(rows);
    int[] ends = new int[rows.count()]; // each row's cells end here in the order
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

  /**
   * Sorts the cells ({@link #sort}) and writes each in order as {@link KeyValue#write} would (its length,
   * then its bytes), straight from the chunk that holds it: no cell is made to be written.
   */
  void writeSorted(DataOutput out) throws IOException {
    sort();
    for (int i = 0; i < size; i++) {
      long ref = refs[i];
      out.write(chunks[(int) (ref >>> 32)], (int) ref, Bytes.SIZEOF_INT + length(ref));
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

  /**
   * The distinct rows, numbered in the order first added: a cell of each, the row's first eight bytes
   * (zero-padded, read as an unsigned number: {@link #head}) and its length. Most comparisons of rows
   * end at their heads, so that sorting millions of them (a tweet table's) does not read each from its
   * chunk, a cache miss every time: that took 6 % of a load's CPU samples.
   */
  private record DistinctRows(long[] cells, long[] heads, int[] lengths) {
    int count() {
      return cells.length;
    }
  }

  /** Numbers the distinct rows in the order first added ({@code rowOf[i]} is cell i's). */
  private DistinctRows distinctRows(int[] rowOf) {
    int capacity = Integer.highestOneBit(Math.max(size, 2) * 3 / 2) << 1; // between 1.5 and 3 times the cells
    int shift = Integer.numberOfLeadingZeros(capacity) + 1; // a hash's top bits pick its slot
    int[] slots = new int[capacity]; // a row's number + 1, or 0
    int guess = Math.max(16, size / 64);
    long[] rows = new long[guess];
    long[] heads = new long[guess];
    int[] lengths = new int[guess];
    int count = 0;
    for (int i = 0; i < size; i++) {
      long ref = refs[i];
      byte[] chunk = chunks[(int) (ref >>> 32)];
      int key = keyOf(ref);
      int length = Bytes.toShort(chunk, key);
      int from = key + Bytes.SIZEOF_SHORT;
      long head = head(chunk, from, length);
      for (int slot = hash(chunk, from, length) >>> shift; ; slot = (slot + 1) & (capacity - 1)) {
        int row = slots[slot] - 1;
        if (row < 0) {
          if (count == rows.length) {
            rows = Arrays.copyOf(rows, count * 2);
            heads = Arrays.copyOf(heads, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
          }
          rows[count] = ref;
          heads[count] = head;
          lengths[count] = length;
          slots[slot] = ++count;
          rowOf[i] = count - 1;
          break;
        }
        if (heads[row] == head && lengths[row] == length && (length <= HEAD || compareRows(rows[row], ref) == 0)) {
          rowOf[i] = row;
          break;
        }
      }
    }
    return new DistinctRows(Arrays.copyOf(rows, count), heads, lengths);
  }

  /** Each numbered row's place in the order of rows. */
  private int[] ranks(DistinctRows rows) {
    int count = rows.count();
    long[] order = new long[count];
    for (int r = 0; r < count; r++) {
      order[r] = r;
    }
    long[] scratch = order.clone();
    long[] heads = rows.heads();
    int[] lengths = rows.lengths();
    long[] cells = rows.cells();
    mergeSort(scratch, order, 0, count, (a, b) -> {
      int x = (int) a;
      int y = (int) b;
      int c = Long.compareUnsigned(heads[x], heads[y]);
      if (c != 0) {
        return c;
      }
      // Equal heads: rows no longer than a head are equal but for padding, the shorter first.
      return lengths[x] <= HEAD && lengths[y] <= HEAD ? Integer.compare(lengths[x], lengths[y]) : compareRows(cells[x], cells[y]);
    });
    int[] rank = new int[count];
    for (int place = 0; place < count; place++) {
      rank[(int) order[place]] = place;
    }
    return rank;
  }

  /** A row's first eight bytes, zero-padded, big-endian: compared unsigned, in the order of rows but for ties. */
  private static long head(byte[] chunk, int from, int length) {
    if (length >= HEAD) {
      return Bytes.toLong(chunk, from);
    }
    long head = 0;
    for (int i = 0; i < HEAD; i++) {
      head = head << Byte.SIZE | (i < length ? chunk[from + i] & 0xff : 0);
    }
    return head;
  }

  private static int hash(byte[] chunk, int from, int length) {
    int hash = 1;
    for (int i = from, end = from + length; i < end; i++) {
      hash = 31 * hash + chunk[i];
    }
    return hash * 0x9E3779B9; // Fibonacci hashing: the top bits depend on all of them
  }

  private KeyValue cell(long ref) {
    return new KeyValue(chunks[(int) (ref >>> 32)], (int) ref + Bytes.SIZEOF_INT, length(ref));
  }

  private int length(long ref) {
    return Bytes.toInt(chunks[(int) (ref >>> 32)], (int) ref);
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

  /** The order of two cells' rows ({@link KeyOrder}). */
  private int compareRows(long a, long b) {
    return KeyOrder.compareRows(chunks[(int) (a >>> 32)], keyOf(a), chunks[(int) (b >>> 32)], keyOf(b));
  }

  /** The order of two cells of one row. */
  private int compareWithinRow(long a, long b) {
    return KeyOrder.compareWithinRow(chunks[(int) (a >>> 32)], keyOf(a), chunks[(int) (b >>> 32)], keyOf(b));
  }

  /** Where a cell's key starts in its chunk: past its length here and the key's and value's lengths. */
  private static int keyOf(long ref) {
    return (int) ref + Bytes.SIZEOF_INT + KeyValue.ROW_OFFSET;
  }
}
