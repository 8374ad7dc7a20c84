package org.observatory.schemas.tables;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The one owner of row keys and id qualifiers.
 *
 * <p>STORED FORMAT — changing any of these breaks every table already written:
 * <ul>
 *   <li>tweet row: the tweet id as 8 bytes, big-endian. Ids are positive, so row order is id order
 *       (and, for snowflake ids, time order);</li>
 *   <li>user row: user id (8 bytes) then tweet id (8 bytes): one row per profile as of each tweet;</li>
 *   <li>index row: the index key in UTF-8; its qualifiers are ids as 8 bytes, big-endian.</li>
 * </ul>
 */
public final class RowKeys {
  public static final int ID_WIDTH = Bytes.SIZEOF_LONG;

  private RowKeys() {}

  public static byte[] tweet(long tweetId) {
    return id(tweetId);
  }

  public static byte[] user(long userId, long tweetId) {
    return Bytes.add(id(userId), id(tweetId));
  }

  public static byte[] index(String key) {
    if (key.isEmpty()) {
      throw new IllegalArgumentException("empty index key");
    }
    return key.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The tweet id a user row was stored with, read in place.
   *
   * @throws IllegalArgumentException when the row is not a user row's width
   */
  public static long userRowTweetId(byte[] array, int offset, int length) {
    if (length != 2 * ID_WIDTH) {
      throw new IllegalArgumentException("a user row is " + 2 * ID_WIDTH + " bytes, not " + length);
    }
    return Bytes.toLong(array, offset + ID_WIDTH);
  }

  public static String indexKey(byte[] row) {
    return new String(row, StandardCharsets.UTF_8);
  }

  /** An id (tweet or user) as a fixed-width row key or qualifier. */
  public static byte[] id(long id) {
    if (id < 0) {
      throw new IllegalArgumentException("ids are positive: " + id);
    }
    return Bytes.toBytes(id);
  }

  /** @throws IllegalArgumentException when the bytes are not exactly one id wide */
  public static long id(byte[] bytes) {
    checkWidth(bytes, ID_WIDTH, "id");
    return Bytes.toLong(bytes);
  }

  /** Reads an id out of a larger array (a cell's qualifier in place), without copying. */
  public static long id(byte[] array, int offset, int length) {
    if (length != ID_WIDTH) {
      throw new IllegalArgumentException("an id is " + ID_WIDTH + " bytes, not " + length);
    }
    return Bytes.toLong(array, offset);
  }

  private static void checkWidth(byte[] bytes, int width, String what) {
    if (bytes == null || bytes.length != width) {
      throw new IllegalArgumentException(
          what + " must be " + width + " bytes, got " + (bytes == null ? "null" : bytes.length));
    }
  }
}
