package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.MemoryCompactionPolicy;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.compress.zstd.ZstdCodec;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class TableLayoutTest {
  @Test
  void everyFamilyIsZstdCompressedTheJsonInLargeRowIndexedBlocksAndRowsAreBloomed() {
    TableDescriptor tweets = TableLayout.tweets(TableName.valueOf("t"));
    TableDescriptor users = TableLayout.users(TableName.valueOf("u"));
    for (TableDescriptor table : List.of(tweets, users, TableLayout.index(TableName.valueOf("i")),
        TableLayout.deletions(TableName.valueOf("x")), TableLayout.indexCatalog(TableName.valueOf("c")))) {
      for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
        assertThat(family.getCompressionType()).as(family.getNameAsString()).isEqualTo(Compression.Algorithm.ZSTD);
        // a region server without the setting reads a block in chunks of the codec's default 256 KB
        int chunk = Integer.parseInt(Objects.requireNonNullElse(family.getConfigurationValue(Codecs.ZSTD_BUFFER_KEY),
            Integer.toString(ZstdCodec.ZSTD_BUFFER_SIZE_DEFAULT)));
        assertThat(family.getBlocksize()).as(family.getNameAsString()).isLessThanOrEqualTo(chunk);
        assertThat(family.getInMemoryCompaction()).as(family.getNameAsString()).isEqualTo(MemoryCompactionPolicy.BASIC);
        assertThat(family.getConfigurationValue(TableLayout.PIPELINE_SEGMENTS_KEY)).as(family.getNameAsString())
            .isEqualTo(Integer.toString(TableLayout.PIPELINE_SEGMENTS));
        assertThat(family.getConfigurationValue(TableLayout.COMPACTION_MIN_FILES_KEY)).as(family.getNameAsString())
            .isEqualTo(Integer.toString(TableLayout.COMPACTION_MIN_FILES));
      }
    }
    for (ColumnFamilyDescriptor json : List.of(tweets.getColumnFamily(TweetTable.JSON), users.getColumnFamily(UserTable.PROFILE))) {
      assertThat(json.getDataBlockEncoding()).isEqualTo(DataBlockEncoding.ROW_INDEX_V1);
      assertThat(json.getBlocksize()).isEqualTo(1 << 20);
    }
    assertThat(tweets.getColumnFamily(TweetTable.DATA).getDataBlockEncoding()).isEqualTo(DataBlockEncoding.FAST_DIFF);
    assertThat(tweets.getColumnFamily(TweetTable.DATA).getBlocksize()).isEqualTo(64 << 10);
    // ROW blooms serve gets alone: phase 2 scans d by row ranges, the eraser gets j
    assertThat(tweets.getColumnFamily(TweetTable.DATA).getBloomFilterType()).isEqualTo(BloomType.NONE);
    assertThat(tweets.getColumnFamily(TweetTable.JSON).getBloomFilterType()).isEqualTo(BloomType.ROW);
    assertThat(tweets.getColumnFamily(TweetTable.JSON).getMaxVersions()).isEqualTo(1);
    assertThat(TableLayout.index(TableName.valueOf("i")).getColumnFamily(IndexTable.FAMILY).getBloomFilterType())
        .isEqualTo(BloomType.ROW);
    assertThat(TableLayout.users(TableName.valueOf("u")).getColumnFamily(UserTable.PROFILE).getBloomFilterType())
        .isEqualTo(BloomType.NONE);
  }

  @Test
  void tweetSplitsFallInsideTheMonthsSnowflakeIdRangeInOrder() {
    Month month = Month.parse("2016-01");
    byte[][] splits = TableLayout.tweetSplits(month, 4);
    assertThat(splits).hasNumberOfRows(3);
    // a tweet id of 2016-01-06 07:30 UTC (from the corpus' day) falls in the first quarter's region,
    // one of 2016-01-20 in the third
    assertThat(Bytes.compareTo(RowKeys.tweet(684638028707401728L), splits[0])).isNegative();
    long jan20 = (Instant.parse("2016-01-20T00:00:00Z").toEpochMilli() - org.observatory.schemas.tweet.Snowflake.EPOCH_MILLIS) << 22;
    assertThat(Bytes.compareTo(splits[1], RowKeys.tweet(jan20))).isNegative();
    assertThat(Bytes.compareTo(RowKeys.tweet(jan20), splits[2])).isNegative();
    for (int i = 1; i < splits.length; i++) {
      assertThat(Bytes.compareTo(splits[i - 1], splits[i])).isNegative();
    }
    long idAtMonthEnd = (Instant.parse("2016-02-01T00:00:00Z").toEpochMilli() - org.observatory.schemas.tweet.Snowflake.EPOCH_MILLIS) << 22;
    assertThat(Bytes.compareTo(splits[2], RowKeys.tweet(idAtMonthEnd))).isNegative();
  }

  @Test
  void noSplitsForOneRegionOrPreSnowflakeMonths() {
    assertThat(TableLayout.tweetSplits(Month.parse("2016-01"), 1)).isNull();
    assertThat(TableLayout.tweetSplits(Month.parse("2009-09"), 4)).isNull();
    assertThat(TableLayout.indexSplits(4)).hasNumberOfRows(3);
    assertThat(TableLayout.userSplits(4)).hasNumberOfRows(3);
  }

  @Test
  void indexSplitsAreIncreasingPointsBetweenHashtagsAndTheLastLatinLetterForAnyNumberOfRegions() {
    for (int regions = 2; regions <= 16; regions++) {
      byte[][] splits = TableLayout.indexSplits(regions);
      assertThat(splits).as(regions + " regions").hasNumberOfRows(regions - 1);
      assertThat(Bytes.compareTo(Bytes.toBytes("#"), splits[0])).isNegative();
      assertThat(Bytes.compareTo(splits[regions - 2], Bytes.toBytes("z"))).isLessThanOrEqualTo(0);
      for (int i = 1; i < splits.length; i++) {
        assertThat(Bytes.compareTo(splits[i - 1], splits[i])).isNegative();
      }
    }
  }
}
