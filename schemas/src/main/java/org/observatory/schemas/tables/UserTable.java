package org.observatory.schemas.tables;

import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.tweet.Tweet;

/**
 * The one owner of the user table's cells. Row: {@link RowKeys#user} (user id, tweet id), so a user's
 * profiles are contiguous and ordered by tweet; timestamp: when the profile was observed
 * ({@link Tweet#observedAt}).
 */
public final class UserTable {
  public static final byte[] PROFILE = Bytes.toBytes("p");

  // STORED FORMAT: the qualifier of family p. (Rows written before November 2026 also hold the screen
  // name under "s", which nothing reads: the profile JSON has it.)
  static final byte[] JSON = Bytes.toBytes("json");

  private UserTable() {}

  /** The get for the profile an author had when a tweet was observed. */
  public static Get get(long userId, long tweetId) {
    return new Get(RowKeys.user(userId, tweetId)).addColumn(PROFILE, JSON);
  }

  /** The profile JSON of a row read by {@link #get}, or null when there is none. */
  public static String profileJson(Result row) {
    byte[] json = row.getValue(PROFILE, JSON);
    return json == null ? null : Bytes.toString(json);
  }

  /** A scan of every row of one user, their keys alone: the tweets of theirs a month holds. */
  public static Scan rowsOf(long userId) {
    return new Scan().setStartStopRowForPrefixScan(RowKeys.id(userId)).addFamily(PROFILE)
        .setFilter(new org.apache.hadoop.hbase.filter.KeyOnlyFilter()).setCaching(1000);
  }

  public static Put put(Tweet t) {
    long ts = t.observedAt();
    Put put = new Put(RowKeys.user(t.user().id(), t.id()), ts);
    put.addColumn(PROFILE, JSON, ts, Bytes.toBytes(t.user().json()));
    return put;
  }
}
