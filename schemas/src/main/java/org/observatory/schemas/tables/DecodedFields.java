package org.observatory.schemas.tables;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.observatory.schemas.tweet.Tweet;

/**
 * The one owner of the binary record in the tweet table's family {@code d}: the fields phase 2 reads,
 * in one cell per tweet. One cell instead of one per field: every cell costs its full key again in
 * the region server's memory, its log and its files, and the fields are always read together.
 *
 * <p>STORED FORMAT, version 1: the version byte; created-at and author id (8 bytes each); a byte of
 * presence bits (screen name, lang, retweet, quote, reply); those present, in that order, strings as
 * {@link DataOutputStream#writeUTF} and references as three longs (id, user id, created-at); then
 * hashtags, mentions (user id, screen name) and URLs, each a count (int) and its items.
 */
final class DecodedFields {
  private static final byte VERSION = 1;
  private static final int SCREEN_NAME = 1;
  private static final int LANG = 1 << 1;
  private static final int RETWEET_OF = 1 << 2;
  private static final int QUOTE_OF = 1 << 3;
  private static final int REPLY_TO = 1 << 4;

  private DecodedFields() {}

  static byte[] encode(Tweet t) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      out.writeLong(t.createdAt());
      out.writeLong(t.user().id());
      out.writeByte(bit(SCREEN_NAME, t.user().screenName()) | bit(LANG, t.lang()) | bit(RETWEET_OF, t.retweetOf())
          | bit(QUOTE_OF, t.quoteOf()) | bit(REPLY_TO, t.replyTo()));
      writeIfPresent(out, t.user().screenName());
      writeIfPresent(out, t.lang());
      writeIfPresent(out, t.retweetOf());
      writeIfPresent(out, t.quoteOf());
      writeIfPresent(out, t.replyTo());
      writeStrings(out, t.hashtags());
      out.writeInt(t.mentions().size());
      for (Tweet.Mention m : t.mentions()) {
        out.writeLong(m.userId());
        out.writeUTF(m.screenName());
      }
      writeStrings(out, t.urls());
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
    return bytes.toByteArray();
  }

  /** @throws IllegalArgumentException when the bytes are not a record this class wrote */
  static StoredTweet decode(long id, byte[] record, String json) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(record))) {
      byte version = in.readByte();
      if (version != VERSION) {
        throw new IllegalArgumentException("tweet " + id + ": unknown record version " + version);
      }
      long createdAt = in.readLong();
      long userId = in.readLong();
      int present = in.readUnsignedByte();
      String screenName = (present & SCREEN_NAME) != 0 ? in.readUTF() : null;
      String lang = (present & LANG) != 0 ? in.readUTF() : null;
      Tweet.TweetRef retweetOf = (present & RETWEET_OF) != 0 ? readRef(in) : null;
      Tweet.TweetRef quoteOf = (present & QUOTE_OF) != 0 ? readRef(in) : null;
      Tweet.TweetRef replyTo = (present & REPLY_TO) != 0 ? readRef(in) : null;
      List<String> hashtags = readStrings(in);
      int mentionCount = in.readInt();
      List<Tweet.Mention> mentions = new ArrayList<>(mentionCount);
      for (int i = 0; i < mentionCount; i++) {
        mentions.add(new Tweet.Mention(in.readLong(), in.readUTF()));
      }
      List<String> urls = readStrings(in);
      return new StoredTweet(id, createdAt, userId, screenName, lang, retweetOf, quoteOf, replyTo, hashtags,
          mentions, urls, json);
    } catch (IOException e) {
      throw new IllegalArgumentException("tweet " + id + ": truncated record", e);
    }
  }

  private static int bit(int bit, Object value) {
    return value == null ? 0 : bit;
  }

  private static void writeIfPresent(DataOutputStream out, String value) throws IOException {
    if (value != null) {
      out.writeUTF(value);
    }
  }

  private static void writeIfPresent(DataOutputStream out, Tweet.TweetRef ref) throws IOException {
    if (ref != null) {
      out.writeLong(ref.id());
      out.writeLong(ref.userId());
      out.writeLong(ref.createdAt());
    }
  }

  private static Tweet.TweetRef readRef(DataInputStream in) throws IOException {
    return new Tweet.TweetRef(in.readLong(), in.readLong(), in.readLong());
  }

  private static void writeStrings(DataOutputStream out, List<String> values) throws IOException {
    out.writeInt(values.size());
    for (String value : values) {
      out.writeUTF(value);
    }
  }

  private static List<String> readStrings(DataInputStream in) throws IOException {
    int count = in.readInt();
    List<String> values = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      values.add(in.readUTF());
    }
    return values;
  }
}
