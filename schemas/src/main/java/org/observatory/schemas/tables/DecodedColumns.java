package org.observatory.schemas.tables;

import static org.observatory.schemas.tables.TweetTable.DATA;
import static org.observatory.schemas.tables.TweetTable.string;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.tweet.Tweet;

/**
 * Reads family {@code d} of tweet rows written before {@link DecodedFields} (November 2026), when each
 * field was a column of its own, so that months loaded then answer without a reload.
 *
 * <p>STORED FORMAT (read only): qualifiers {@code c} and {@code u} (8-byte longs), {@code s} and
 * {@code lang} (UTF-8), {@code rt}, {@code qt} and {@code rp} (id, user id, created-at: 8 bytes each),
 * {@code h}, {@code m} ({@code userId:screenName}) and {@code url}: lines of UTF-8.
 */
final class DecodedColumns {
  private static final String LIST_SEPARATOR = "\n";

  private DecodedColumns() {}

  static StoredTweet read(long id, Result row, String json) {
    byte[] userId = value(row, "u");
    return new StoredTweet(
        id,
        Bytes.toLong(value(row, "c")),
        userId == null ? 0 : RowKeys.id(userId),
        string(value(row, "s")),
        string(value(row, "lang")),
        ref(value(row, "rt")),
        ref(value(row, "qt")),
        ref(value(row, "rp")),
        list(value(row, "h")),
        list(value(row, "m")).stream().map(DecodedColumns::mention).toList(),
        list(value(row, "url")),
        json);
  }

  private static byte[] value(Result row, String qualifier) {
    return row.getValue(DATA, Bytes.toBytes(qualifier));
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
