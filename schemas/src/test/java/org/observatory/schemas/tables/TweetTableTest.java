package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.observatory.schemas.tweet.Snowflake;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.schemas.tweet.TweetParser;

class TweetTableTest {
  private static final String ORIGINAL = """
      {"created_at":"Thu Dec 31 23:59:59 +0000 2015","id":682699042463809536,"text":"Goal! #Euro",
       "retweet_count":%d,"user":{"id":11,"screen_name":"orig","followers_count":%d},
       "entities":{"hashtags":[{"text":"Euro","indices":[6,11]}],"user_mentions":[],"urls":[]}}""";

  private static String retweet(long id, String createdAt, int retweets) {
    return ("{\"created_at\":\"" + createdAt + "\",\"id\":" + id + ",\"text\":\"RT @orig: Goal! #Euro\","
        + "\"user\":{\"id\":99,\"screen_name\":\"fan\"},\"entities\":{\"hashtags\":[],\"user_mentions\":[],\"urls\":[]},"
        + "\"retweeted_status\":" + ORIGINAL.formatted(retweets, retweets * 10) + "}").replace("\n", "");
  }

  @Test
  void anEmbeddedSnapshotIsStampedWithTheTimeItWasObservedSoTheNewestWinsInAnyOrder() throws Exception {
    TweetParser parser = new TweetParser();
    long earlyMillis = 1452065400123L; // 2016-01-06T07:30:00.123Z
    long lateMillis = 1452157200456L; // 2016-01-07T09:00:00.456Z
    Tweet early = ((StreamItem.Status) parser.parse(
        retweet(Snowflake.firstIdAt(earlyMillis), "Wed Jan 06 07:30:00 +0000 2016", 3))).embedded().get(0);
    Tweet late = ((StreamItem.Status) parser.parse(
        retweet(Snowflake.firstIdAt(lateMillis), "Thu Jan 07 09:00:00 +0000 2016", 7))).embedded().get(0);

    Put earlyPut = TweetTable.put(early);
    Put latePut = TweetTable.put(late);

    assertThat(timestamps(latePut)).allMatch(ts -> ts > timestamps(earlyPut).get(0));
    assertThat(early.observedAt()).as("the retweet's time, to the millisecond").isEqualTo(earlyMillis);
    assertThat(early.createdAt()).isEqualTo(1451606399000L);
    StoredTweet stored = TweetTable.read(Result.create(cells(latePut)));
    assertThat(stored.createdAt()).as("creation time survives the observation stamp").isEqualTo(late.createdAt());
    assertThat(stored.json()).contains("\"retweet_count\":7");
    assertThat(timestamps(UserTable.put(late))).containsOnly(late.observedAt());
  }

  @Test
  void aStatusIsObservedWhenItWasCreatedToTheMillisecondItsIdTells() throws Exception {
    long millis = 1452065400123L;
    Tweet t = ((StreamItem.Status) new TweetParser().parse(
        retweet(Snowflake.firstIdAt(millis) + 5, "Wed Jan 06 07:30:00 +0000 2016", 3))).tweet();
    assertThat(t.createdAt()).isEqualTo(1452065400000L);
    assertThat(t.observedAt()).isEqualTo(millis);
  }

  @Test
  void aPreSnowflakeStatusIsObservedAtItsCreationSecond() throws Exception {
    Tweet t = ((StreamItem.Status) new TweetParser().parse(
        retweet(29_000_000_000L, "Wed Jan 06 07:30:00 +0000 2010", 3))).tweet();
    assertThat(t.observedAt()).isEqualTo(t.createdAt());
  }

  @Test
  void everyDecodedFieldSurvivesTheRecord() throws Exception {
    String status = ("{\"created_at\":\"Wed Jan 06 07:30:00 +0000 2016\",\"id\":" + Snowflake.firstIdAt(1452065400123L)
        + ",\"lang\":\"ja\",\"text\":\"@b ありがとう #東京 #Euro https://t.co/x\",\"in_reply_to_status_id\":41,"
        + "\"in_reply_to_user_id\":42,\"in_reply_to_screen_name\":\"b\",\"quoted_status_id\":43,"
        + "\"user\":{\"id\":99,\"screen_name\":\"fan\"},\"entities\":{\"hashtags\":[{\"text\":\"東京\",\"indices\":[9,12]},"
        + "{\"text\":\"Euro\",\"indices\":[13,18]}],\"user_mentions\":[{\"id\":42,\"screen_name\":\"b\",\"indices\":[0,2]}],"
        + "\"urls\":[{\"url\":\"https://t.co/x\",\"expanded_url\":\"https://example.org/a?b=c\",\"indices\":[19,33]}]}}");
    Tweet t = ((StreamItem.Status) new TweetParser().parse(status)).tweet();

    StoredTweet stored = TweetTable.read(Result.create(cells(TweetTable.put(t))));

    assertThat(stored).usingRecursiveComparison().ignoringFields("json").isEqualTo(new StoredTweet(t.id(),
        t.createdAt(), 99, "fan", "ja", null, t.quoteOf(), t.replyTo(), List.of("東京", "Euro"),
        List.of(new Tweet.Mention(42, "b")), List.of("https://example.org/a?b=c"), null));
    assertThat(stored.replyTo()).isEqualTo(new Tweet.TweetRef(41, 42, 0));
    assertThat(stored.quoteOf().id()).isEqualTo(43);
    assertThat(cells(TweetTable.put(t))).as("the decoded fields and the JSON").hasSize(2);
  }

  @Test
  void aTweetWithoutOptionalFieldsReadsBackWithNullsAndEmptyLists() throws Exception {
    Tweet t = ((StreamItem.Status) new TweetParser().parse(
        "{\"created_at\":\"Wed Jan 06 07:30:00 +0000 2010\",\"id\":7,\"text\":\"hi\",\"user\":{\"id\":5}}")).tweet();

    StoredTweet stored = TweetTable.read(Result.create(cells(TweetTable.put(t))));

    assertThat(stored.screenName()).isNull();
    assertThat(stored.lang()).isNull();
    assertThat(stored.retweetOf()).isNull();
    assertThat(stored.hashtags()).isEmpty();
    assertThat(stored.mentions()).isEmpty();
    assertThat(stored.urls()).isEmpty();
    assertThat(stored.userId()).isEqualTo(5);
    assertThat(stored.json()).contains("\"text\":\"hi\"");
  }

  @Test
  void aRowWrittenBeforeTheRecordIsReadFromItsColumns() {
    byte[] row = RowKeys.tweet(682699042463809536L);
    byte[] ref = Bytes.add(Bytes.toBytes(5L), Bytes.toBytes(6L), Bytes.toBytes(7L));
    List<Cell> cells = new ArrayList<>(List.of(
        legacy(row, "c", Bytes.toBytes(1451606399000L)), legacy(row, "u", Bytes.toBytes(11L)),
        legacy(row, "s", Bytes.toBytes("orig")), legacy(row, "lang", Bytes.toBytes("en")),
        legacy(row, "rt", ref), legacy(row, "h", Bytes.toBytes("Euro\nGoal")),
        legacy(row, "m", Bytes.toBytes("42:b\n43:c")), legacy(row, "url", Bytes.toBytes("https://example.org"))));
    cells.sort(CellComparator.getInstance());

    StoredTweet stored = TweetTable.read(Result.create(cells));

    assertThat(stored).isEqualTo(new StoredTweet(682699042463809536L, 1451606399000L, 11, "orig", "en",
        new Tweet.TweetRef(5, 6, 7), null, null, List.of("Euro", "Goal"),
        List.of(new Tweet.Mention(42, "b"), new Tweet.Mention(43, "c")), List.of("https://example.org"), null));
  }

  private static Cell legacy(byte[] row, String qualifier, byte[] value) {
    return new KeyValue(row, TweetTable.DATA, Bytes.toBytes(qualifier), 1L, value);
  }

  private static List<Long> timestamps(Put put) {
    return cells(put).stream().map(Cell::getTimestamp).toList();
  }

  private static List<Cell> cells(Put put) {
    List<Cell> cells = new ArrayList<>();
    put.getFamilyCellMap().values().forEach(cells::addAll);
    cells.sort(CellComparator.getInstance());
    return cells;
  }
}
