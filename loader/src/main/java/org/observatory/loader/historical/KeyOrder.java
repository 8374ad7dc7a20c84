package org.observatory.loader.historical;

import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * HBase's order of put cells ({@code CellComparatorImpl}'s), read straight from their serialized
 * keys: row, then family, qualifier, the newer timestamp first, then type. The arena's sorts and the
 * sorter's merges share it. HBase's comparator reaches the same bytes through a dozen generic accessors
 * a comparison; in the merges, where most comparisons are of cells of one row (a word's, a hashtag's
 * entries), it took 5 % of a load's CPU samples. A key's offset here is that of its row length,
 * {@link KeyValue#ROW_OFFSET} past the cell's start.
 */
final class KeyOrder {
  private KeyOrder() {}

  /** The order of two cells. */
  static int compare(KeyValue a, KeyValue b) {
    byte[] x = a.getBuffer();
    byte[] y = b.getBuffer();
    int xKey = a.getOffset() + KeyValue.ROW_OFFSET;
    int yKey = b.getOffset() + KeyValue.ROW_OFFSET;
    int c = compareRows(x, xKey, y, yKey);
    return c != 0 ? c : compareWithinRow(x, xKey, y, yKey);
  }

  /** How a cell's row compares with a row. */
  static int compareRow(KeyValue kv, byte[] row) {
    return Bytes.compareTo(kv.getRowArray(), kv.getRowOffset(), kv.getRowLength(), row, 0, row.length);
  }

  /** The order of the rows of two keys. */
  static int compareRows(byte[] x, int xKey, byte[] y, int yKey) {
    return Bytes.compareTo(x, xKey + Bytes.SIZEOF_SHORT, Bytes.toShort(x, xKey), y, yKey + Bytes.SIZEOF_SHORT,
        Bytes.toShort(y, yKey));
  }

  /** The order of two keys of one row. */
  static int compareWithinRow(byte[] x, int xKey, byte[] y, int yKey) {
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
