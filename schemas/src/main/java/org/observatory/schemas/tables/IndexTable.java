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
 * ({@link RowKeys#id}, usually the tweet's); value: empty, or what the index specification puts there
 * (such as the poster's user id); timestamp: the tweet's creation time, or {@link #TIME_IN_ID} when the
 * qualifier is the tweet's own snowflake id, which tells that time already.
 *
 * <p>STORED FORMAT. Why {@link #TIME_IN_ID}: a timestamp is 8 bytes a cell, and where it repeats what
 * the qualifier says the block encoding and ZSTD cannot find that out. Measured on six bulk-loaded
 * real-weight days, the text index shrank by 32 % and the meme index (which holds the poster's id
 * too) by 19 %. Tables written before November 2026 have every cell stamped; both read alike.
 */
public final class IndexTable {
  public static final byte[] FAMILY = Bytes.toBytes("i");
  private static final byte[] EMPTY = new byte[0];
  private static final long SLACK_MILLIS = 60_000;

  private IndexTable() {}

  /** The timestamp of a cell whose qualifier, its tweet's snowflake id, tells when the tweet was created. */
  public static final long TIME_IN_ID = 0;

  /** The cell indexing tweet {@code tweetId} (created at {@code createdAt}) under a key. */
  public static Put put(String key, long qualifierId, long tweetId, long createdAt, byte[] value) {
    long timestamp = qualifierId == tweetId && Snowflake.tells(tweetId, createdAt) ? TIME_IN_ID : createdAt;
    return new Put(RowKeys.index(key), timestamp)
        .addColumn(FAMILY, RowKeys.id(qualifierId), timestamp, value == null ? EMPTY : value);
  }

  /** When the tweet a cell indexes was created. */
  public static long createdAt(Cell cell) {
    long timestamp = cell.getTimestamp();
    return timestamp == TIME_IN_ID ? Snowflake.createdAt(qualifierId(cell)) : timestamp;
  }

  /**
   * A filter that lets the region server seek straight to the cells of tweets posted in a window, when
   * the index's qualifiers are tweet ids: snowflake ids grow with time, and a row's cells are sorted by
   * qualifier, not by timestamp, so a time range alone would read the whole row (and would miss the
   * cells stamped {@link #TIME_IN_ID}). The bounds are a minute wide of the window (created_at has
   * seconds, ids milliseconds); the reader makes the exact cut with {@link #createdAt}. A window
   * reaching back before snowflake ids takes every pre-snowflake id (those carry no time) as well.
   * Empty for a window that ends before snowflake ids began: there, every cell is stamped with its time.
   */
  public static Optional<Filter> tweetsPostedIn(long startMillis, long endMillisExclusive) {
    long to = endMillisExclusive + SLACK_MILLIS;
    if (to < Snowflake.EPOCH_MILLIS + SLACK_MILLIS) {
      return Optional.empty();
    }
    long from = startMillis - SLACK_MILLIS;
    long firstId = from < Snowflake.EPOCH_MILLIS + SLACK_MILLIS ? 0 : Snowflake.firstIdAt(from);
    return Optional.of(new ColumnRangeFilter(RowKeys.id(firstId), true, RowKeys.id(Snowflake.firstIdAt(to)), false));
  }

  /** The id a cell holds as its value (its first 8 bytes; {@link CellFields}), or 0 when it holds none. */
  public static long valueId(Cell cell) {
    return cell.getValueLength() < 8 ? 0 : RowKeys.id(cell.getValueArray(), cell.getValueOffset(), 8);
  }

  /** The id a cell stands for. */
  public static long qualifierId(Cell cell) {
    return RowKeys.id(cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength());
  }
}
