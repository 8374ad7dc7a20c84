package org.observatory.schemas.tables;

import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The one owner of index tables' cells. Row: {@link RowKeys#index} (the index key); qualifier: an id
 * ({@link RowKeys#id}, usually the tweet's); timestamp: the tweet's creation time, so that a time
 * window is a server-side time range on the scan; value: empty, or what the index specification puts
 * there (such as the poster's user id).
 */
public final class IndexTable {
  public static final byte[] FAMILY = Bytes.toBytes("i");
  private static final byte[] EMPTY = new byte[0];

  private IndexTable() {}

  public static Put put(String key, long qualifierId, long timestamp, byte[] value) {
    return new Put(RowKeys.index(key), timestamp)
        .addColumn(FAMILY, RowKeys.id(qualifierId), timestamp, value == null ? EMPTY : value);
  }

  /** The id a cell stands for. */
  public static long qualifierId(Cell cell) {
    return RowKeys.id(cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength());
  }
}
