package org.observatory.schemas.tables;

import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.tweet.StreamItem;

/**
 * The one owner of the deletion table's cells: a tombstone per tweet its author deleted. Loaders
 * consult it before storing a tweet, so that reloading an archive or a late retweet carrying the
 * original never brings a deleted tweet back. Row: {@link RowKeys#tweet}; cell: the author's id,
 * stamped with the time of the delete notice (so that recording a notice twice writes the same cell).
 */
public final class DeletionTable {
  public static final byte[] FAMILY = Bytes.toBytes("d");
  // STORED FORMAT: qualifier of family d.
  private static final byte[] USER_ID = Bytes.toBytes("u");

  private DeletionTable() {}

  public static Put put(StreamItem.DeleteNotice notice) {
    return new Put(RowKeys.tweet(notice.statusId()), notice.timestampMs())
        .addColumn(FAMILY, USER_ID, notice.timestampMs(), RowKeys.id(notice.userId()));
  }

  /** The get that finds a tweet's tombstone, if any: an existence check only. */
  public static Get get(long tweetId) {
    return new Get(RowKeys.tweet(tweetId)).addColumn(FAMILY, USER_ID).setCheckExistenceOnly(true);
  }

  /** Whether a row read by {@link #get} found a tombstone. */
  public static boolean isTombstone(Result row) {
    return Boolean.TRUE.equals(row.getExists());
  }
}
