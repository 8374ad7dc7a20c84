package org.observatory.schemas.tables;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
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

  // STORED FORMAT: qualifiers of family d. References (rt, qt, rp) are id, user id, creation time:
  // 8 bytes each.
  static final byte[] CREATED_AT = Bytes.toBytes("c");
  static final byte[] USER_ID = Bytes.toBytes("u");
  static final byte[] SCREEN_NAME = Bytes.toBytes("s");
  static final byte[] LANG = Bytes.toBytes("lang");
  static final byte[] RETWEET_OF = Bytes.toBytes("rt");
  static final byte[] QUOTE_OF = Bytes.toBytes("qt");
  static final byte[] REPLY_TO = Bytes.toBytes("rp");
  static final byte[] HASHTAGS = Bytes.toBytes("h");
  static final byte[] MENTIONS = Bytes.toBytes("m");
  static final byte[] URLS = Bytes.toBytes("url");
  // STORED FORMAT: qualifier of family j.
  static final byte[] STATUS = Bytes.toBytes("status");

  private static final String LIST_SEPARATOR = "\n";
  private static final TweetParser PARSER = new TweetParser();

  private TweetTable() {}

  public static Put put(Tweet t) {
    long ts = t.observedAt();
    Put put = new Put(RowKeys.tweet(t.id()), ts);
    put.addColumn(DATA, CREATED_AT, ts, Bytes.toBytes(t.createdAt()));
    put.addColumn(DATA, USER_ID, ts, RowKeys.id(t.user().id()));
    addString(put, SCREEN_NAME, ts, t.user().screenName());
    addString(put, LANG, ts, t.lang());
    addRef(put, RETWEET_OF, ts, t.retweetOf());
    addRef(put, QUOTE_OF, ts, t.quoteOf());
    addRef(put, REPLY_TO, ts, t.replyTo());
    addList(put, HASHTAGS, ts, t.hashtags());
    addList(put, MENTIONS, ts, t.mentions().stream().map(m -> m.userId() + ":" + m.screenName()).toList());
    addList(put, URLS, ts, t.urls());
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

  /** Decodes a row read with family {@code d}, and {@code j} when the JSON is wanted. */
  public static StoredTweet read(Result row) {
    return new StoredTweet(
        RowKeys.id(row.getRow()),
        Bytes.toLong(row.getValue(DATA, CREATED_AT)),
        row.containsColumn(DATA, USER_ID) ? RowKeys.id(row.getValue(DATA, USER_ID)) : 0,
        string(row.getValue(DATA, SCREEN_NAME)),
        string(row.getValue(DATA, LANG)),
        ref(row.getValue(DATA, RETWEET_OF)),
        ref(row.getValue(DATA, QUOTE_OF)),
        ref(row.getValue(DATA, REPLY_TO)),
        list(row.getValue(DATA, HASHTAGS)),
        list(row.getValue(DATA, MENTIONS)).stream().map(TweetTable::mention).toList(),
        list(row.getValue(DATA, URLS)),
        string(row.getValue(JSON, STATUS)));
  }

  private static void addString(Put put, byte[] qualifier, long ts, String value) {
    if (value != null) {
      put.addColumn(DATA, qualifier, ts, Bytes.toBytes(value));
    }
  }

  private static void addRef(Put put, byte[] qualifier, long ts, Tweet.TweetRef ref) {
    if (ref != null) {
      put.addColumn(DATA, qualifier, ts,
          Bytes.add(Bytes.toBytes(ref.id()), Bytes.toBytes(ref.userId()), Bytes.toBytes(ref.createdAt())));
    }
  }

  private static void addList(Put put, byte[] qualifier, long ts, List<String> values) {
    if (!values.isEmpty()) {
      put.addColumn(DATA, qualifier, ts, Bytes.toBytes(String.join(LIST_SEPARATOR, values)));
    }
  }

  private static String string(byte[] value) {
    return value == null ? null : new String(value, StandardCharsets.UTF_8);
  }

  private static Tweet.TweetRef ref(byte[] value) {
    return value == null ? null
        : new Tweet.TweetRef(Bytes.toLong(value, 0), Bytes.toLong(value, 8), Bytes.toLong(value, 16));
  }

  private static List<String> list(byte[] value) {
    return value == null ? List.of() : new ArrayList<>(List.of(string(value).split(LIST_SEPARATOR)));
  }

  private static Tweet.Mention mention(String encoded) {
    int colon = encoded.indexOf(':');
    return new Tweet.Mention(Long.parseLong(encoded.substring(0, colon)), encoded.substring(colon + 1));
  }
}
