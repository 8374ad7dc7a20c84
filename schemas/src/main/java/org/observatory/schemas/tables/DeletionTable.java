package org.observatory.schemas.tables;

import java.util.Collection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
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

  /** One scan that returns the tombstones among many tweet ids. */
  public static Scan among(Collection<Long> tweetIds) {
    return new Scan().addColumn(FAMILY, USER_ID)
        .setFilter(new FilterList(IdRows.among(tweetIds), new KeyOnlyFilter()))
        .setCaching(10_000);
  }

  /** The id of the tweet a tombstone row stands for. */
  public static long tweetId(Result row) {
    return RowKeys.id(row.getRow());
  }
}
