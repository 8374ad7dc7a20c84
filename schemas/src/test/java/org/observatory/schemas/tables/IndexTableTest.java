package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.filter.ColumnRangeFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.observatory.schemas.tweet.Snowflake;

class IndexTableTest {
  private static final long CREATED_AT = Instant.parse("2016-01-06T07:30:00Z").toEpochMilli();
  private static final long TWEET_ID = Snowflake.firstIdAt(CREATED_AT + 123) + 77;

  @Test
  void aCellNamedByItsTweetsSnowflakeIdLeavesTheTimeToTheId() {
    Cell cell = cell(IndexTable.put("#euro", TWEET_ID, TWEET_ID, CREATED_AT, null));

    assertThat(cell.getTimestamp()).isEqualTo(IndexTable.TIME_IN_ID);
    assertThat(IndexTable.createdAt(cell)).isEqualTo(CREATED_AT);
    assertThat(IndexTable.qualifierId(cell)).isEqualTo(TWEET_ID);
  }

  @Test
  void aCellNamedByAnotherIdIsStampedWithItsTweetsTime() {
    long userId = Snowflake.firstIdAt(CREATED_AT); // even an id telling the same second
    Cell cell = cell(IndexTable.put("fan", userId, TWEET_ID, CREATED_AT, null));

    assertThat(cell.getTimestamp()).isEqualTo(CREATED_AT);
    assertThat(IndexTable.createdAt(cell)).isEqualTo(CREATED_AT);
  }

  @Test
  void aTweetWhoseIdDoesNotTellItsTimeIsStamped() {
    long preSnowflake = 29_000_000_000L;
    long created2010 = Instant.parse("2010-10-06T07:30:00Z").toEpochMilli();
    assertThat(cell(IndexTable.put("#a", preSnowflake, preSnowflake, created2010, null)).getTimestamp())
        .isEqualTo(created2010);
    assertThat(cell(IndexTable.put("#a", TWEET_ID, TWEET_ID, CREATED_AT + 1000, null)).getTimestamp())
        .as("created_at a second off what the id says").isEqualTo(CREATED_AT + 1000);
  }

  @Test
  void theIdRangeOfAWindowReachingBackBeforeSnowflakeTakesEveryOldId() {
    long start = Instant.parse("2010-10-01T00:00:00Z").toEpochMilli();
    long end = Instant.parse("2010-12-01T00:00:00Z").toEpochMilli();

    ColumnRangeFilter range = (ColumnRangeFilter) IndexTable.tweetsPostedIn(start, end).orElseThrow();

    assertThat(Bytes.toLong(range.getMinColumn())).isZero();
    assertThat(Bytes.toLong(range.getMaxColumn())).isEqualTo(Snowflake.firstIdAt(end + 60_000));
    assertThat(IndexTable.tweetsPostedIn(start, Instant.parse("2010-11-01T00:00:00Z").toEpochMilli()))
        .as("a window before any snowflake id: the time range on the scan cuts it").isEmpty();
  }

  private static Cell cell(Put put) {
    return put.getFamilyCellMap().get(IndexTable.FAMILY).get(0);
  }
}
