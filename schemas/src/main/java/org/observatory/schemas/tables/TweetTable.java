package org.observatory.schemas.tables;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.schemas.tweet.TweetParser;

/**
 * The one owner of the tweet table's cells. Row: {@link RowKeys#tweet}. Every cell's timestamp is the
 * time the stored snapshot was observed ({@link Tweet#observedAt}): reloading rewrites the same cells,
 * and of two snapshots of one tweet the newer wins whatever order they are written in.
 *
 * <p>Family {@code d} holds small decoded fields that queries read in bulk; family {@code j} holds the
 * tweet's JSON (with its user and embedded originals replaced by references), read only when a query
 * asks for the tweets themselves.
 */
public final class TweetTable {
  public static final byte[] DATA = Bytes.toBytes("d");
  public static final byte[] JSON = Bytes.toBytes("j");

  // STORED FORMAT: the qualifier of family d's one cell, the record DecodedFields owns.
  static final byte[] FIELDS = Bytes.toBytes("f");
  // STORED FORMAT: qualifier of family j.
  static final byte[] STATUS = Bytes.toBytes("status");

  private static final TweetParser PARSER = new TweetParser();

  private TweetTable() {}

  public static Put put(Tweet t) {
    long ts = t.observedAt();
    Put put = new Put(RowKeys.tweet(t.id()), ts);
    put.addColumn(DATA, FIELDS, ts, DecodedFields.encode(t));
    put.addColumn(JSON, STATUS, ts, Bytes.toBytes(t.json()));
    return put;
  }

  /**
   * One scan for the rows of many tweets (family {@code d}, and {@code j} when the JSON is wanted); it
   * returns them in id order, the absent ones left out.
   */
  public static Scan among(Collection<Long> tweetIds, boolean withJson) {
    Scan scan = new Scan().addFamily(DATA).setFilter(IdRows.among(tweetIds)).setCaching(tweetIds.size());
    return withJson ? scan.addFamily(JSON) : scan;
  }

  /** The get for a tweet's stored JSON alone. */
  public static Get getStatus(long tweetId) {
    return new Get(RowKeys.tweet(tweetId)).addColumn(JSON, STATUS);
  }

  /** A scan of every tweet's stored JSON alone, for jobs that read a whole month. */
  public static Scan statuses() {
    return new Scan().addColumn(JSON, STATUS).setCaching(500).setCacheBlocks(false);
  }

  /**
   * The tweet a row read with family {@code j} stores, parsed again: the stored JSON keeps everything
   * the indexes read (its user and embedded originals became references that carry their ids).
   *
   * @throws MalformedTweetException when the row holds no readable status
   */
  public static Tweet storedTweet(Result row) throws MalformedTweetException {
    String json = statusJson(row);
    if (json == null || !(PARSER.parse(json) instanceof StreamItem.Status status)) {
      throw new MalformedTweetException("stored tweet " + RowKeys.id(row.getRow()) + " is not a status");
    }
    return status.tweet();
  }

  /** The stored JSON of a row read with family {@code j}, or null when the row is absent. */
  public static String statusJson(Result row) {
    return string(row.getValue(JSON, STATUS));
  }

  /**
   * Decodes a row read with family {@code d}, and {@code j} when the JSON is wanted. Rows written
   * before the fields became one record (November 2026) are read from their columns.
   */
  public static StoredTweet read(Result row) {
    long id = RowKeys.id(row.getRow());
    String json = string(row.getValue(JSON, STATUS));
    byte[] fields = row.getValue(DATA, FIELDS);
    return fields != null ? DecodedFields.decode(id, fields, json) : DecodedColumns.read(id, row, json);
  }

  static String string(byte[] value) {
    return value == null ? null : new String(value, StandardCharsets.UTF_8);
  }
}
