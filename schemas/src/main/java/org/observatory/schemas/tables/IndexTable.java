package org.observatory.schemas.tables;

import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.filter.ColumnRangeFilter;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.tweet.Snowflake;

/**
 * The one owner of index tables' cells. Row: {@link RowKeys#index} (the index key); qualifier: an id
 * ({@link RowKeys#id}, usually the tweet's); timestamp: the tweet's creation time, so that a time
 * window is a server-side time range on the scan; value: empty, or what the index specification puts
 * there (such as the poster's user id).
 */
public final class IndexTable {
  public static final byte[] FAMILY = Bytes.toBytes("i");
  private static final byte[] EMPTY = new byte[0];
  private static final long SLACK_MILLIS = 60_000;

  private IndexTable() {}

  public static Put put(String key, long qualifierId, long timestamp, byte[] value) {
    return new Put(RowKeys.index(key), timestamp)
        .addColumn(FAMILY, RowKeys.id(qualifierId), timestamp, value == null ? EMPTY : value);
  }

  /**
   * A filter that lets the region server seek straight to the cells of tweets posted in a window, when
   * the index's qualifiers are tweet ids: snowflake ids grow with time, and a row's cells are sorted by
   * qualifier, not by timestamp, so a time range alone reads the whole row. The bounds are a minute wide
   * of the window (created_at has seconds, ids milliseconds); the time range on the scan makes the exact
   * cut. Empty for windows reaching back to the pre-snowflake ids, which carry no time.
   */
  public static Optional<Filter> tweetsPostedIn(long startMillis, long endMillisExclusive) {
    long from = startMillis - SLACK_MILLIS;
    if (from < Snowflake.EPOCH_MILLIS + SLACK_MILLIS) {
      return Optional.empty();
    }
    return Optional.of(new ColumnRangeFilter(RowKeys.id(Snowflake.firstIdAt(from)), true,
        RowKeys.id(Snowflake.firstIdAt(endMillisExclusive + SLACK_MILLIS)), false));
  }

  /** The id a cell holds as its value, or 0 when it holds none. */
  public static long valueId(Cell cell) {
    return cell.getValueLength() == 0 ? 0
        : RowKeys.id(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
  }

  /** The id a cell stands for. */
  public static long qualifierId(Cell cell) {
    return RowKeys.id(cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength());
  }
}
