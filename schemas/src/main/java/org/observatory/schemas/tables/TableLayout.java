package org.observatory.schemas.tables;

import java.util.Arrays;
import org.apache.hadoop.hbase.MemoryCompactionPolicy;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.tweet.Snowflake;

/**
 * Table DDL: families, compression, bloom filters and pre-split points of each kind of month table.
 * Every family keeps one version: a cell's timestamp is its tweet's time, not a write time.
 *
 * <p>Every family is ZSTD-compressed at the level {@link Codecs} sets. Measured on six generated
 * real-weight days, bulk-loaded (docs/measurements/2026-11-24-three-builds-on-the-harness.md): against
 * GZ on JSON and no compression elsewhere, ZSTD at level 3 in HBase's 64 KB blocks took 15 % off the
 * tables; level 6 with JSON in 256 KB blocks 24 %.
 *
 * <p>The small families are FAST_DIFF-encoded: their keys are much of their bytes. The JSON families are
 * ROW_INDEX_V1-encoded instead: a block then indexes its rows, so a get finds its row by binary search,
 * where FAST_DIFF decoded the block from its start up to the row. That let their blocks grow to 1 MB,
 * with the codec compressing a block as one chunk (its default 256 KB chunks made larger blocks no
 * smaller). On two days of the 10-million corpus: the JSON families 3.6 % smaller, all tables 2.1 %,
 * and 10,262 tweets looked up with their JSON in 1.6 s instead of 5.1 (docs/operations.md).
 *
 * <p>Every family's memstore is compacted in memory (BASIC): an index row gathers thousands of cells
 * under one key, and a memstore kept as one large skip list compared each new cell some twenty times
 * against its neighbours, 38 % of the region server's time in a direct load. Keeping the active
 * segment small took a direct load of two real-weight days from 101 s to 91 and 95 s. The flattened
 * segments are merged once more than {@link #PIPELINE_SEGMENTS} wait, not HBase's default 2: merging
 * them at nearly every in-memory flush copied the memstore's cells over and over, 10 % of a stream
 * replay's CPU samples (2.7 % now; two days, median of 5: 104.6 s → 95.8 s).
 *
 * <p>A family's files are compacted once {@link #COMPACTION_MIN_FILES} wait, not HBase's default 3: a
 * store written by puts (the stream daemon, a direct load) otherwise rewrote each cell, recompressing
 * its JSON, at nearly every flush. Direct loads of two real-weight days took 62.5 and 67.0 s instead of
 * 71.4 and 73.9, their compactions 9.8 CPU seconds instead of 17.6; a stream replay of six days
 * (1.55 million tweets) ran at 6,360 tweets/s instead of 5,276, its compactions 50 CPU seconds instead
 * of 137, and no flush waited for one. The tables are a few percent larger until compacted; bulk loads
 * write one file a store and are untouched. Queries stayed level
 * (docs/measurements/2026-11-24-three-builds-on-the-harness.md).
 */
public final class TableLayout {
  static {
    Codecs.installInThisJvm(); // a table's descriptor is useless to a JVM that cannot read its files
  }

  private static final int SMALL_BLOCK = 64 << 10;
  private static final int JSON_BLOCK = 1 << 20;
  /** The region server's key (hbase-server's {@code MemStoreCompactionStrategy}, not on this module's class path). */
  static final String PIPELINE_SEGMENTS_KEY = "hbase.hregion.compacting.pipeline.segments.limit";
  static final int PIPELINE_SEGMENTS = 16;
  /** The region server's key (hbase-server's {@code CompactionConfiguration}). */
  static final String COMPACTION_MIN_FILES_KEY = "hbase.hstore.compaction.min";
  static final int COMPACTION_MIN_FILES = 10;

  private TableLayout() {}

  /**
   * Family {@code d}: small fields read in bulk by phase 2, in small blocks so that a read decompresses
   * little. Family {@code j}: the JSON, read only for the tweets a query returns, in large blocks (ZSTD
   * finds more repeats in more JSON) indexed by row; its ROW bloom serves the eraser's gets.
   *
   * <p>A ROW bloom filter is consulted only by gets (and scans of one exact row). Phase 2 reads
   * {@code d} by a scan of many row ranges ({@link TweetTable#among}), which never asks one, so
   * {@code d} has none: writing it took 1.5 % of a bulk load's CPU samples (docs/operations.md).
   */
  public static TableDescriptor tweets(TableName name) {
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(family(TweetTable.DATA, BloomType.NONE, SMALL_BLOCK))
        .setColumnFamily(json(TweetTable.JSON, BloomType.ROW))
        .build();
  }

  /**
   * Profiles are JSON, read only to assemble the tweets a query returns, a get per tweet: large blocks
   * indexed by row, as for the tweets' JSON; no bloom filter.
   */
  public static TableDescriptor users(TableName name) {
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(json(UserTable.PROFILE, BloomType.NONE))
        .build();
  }

  /**
   * Index rows are long runs of 8-byte qualifiers under one key: FAST_DIFF stores the key once per
   * run and ZSTD takes a quarter off the rest. ROW bloom lets an exact key's scan skip files that
   * lack it.
   */
  public static TableDescriptor index(TableName name) {
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(family(IndexTable.FAMILY, BloomType.ROW, SMALL_BLOCK))
        .build();
  }

  /**
   * The one table of deleted tweet ids: small, read for every batch a loader writes by a scan of the
   * batch's rows ({@link DeletionTable#among}), which no bloom filter serves.
   */
  public static TableDescriptor deletions(TableName name) {
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(family(DeletionTable.FAMILY, BloomType.NONE, SMALL_BLOCK))
        .build();
  }

  /**
   * Bluesky's id table: forward and reverse rows read by row, a DID's handles kept as versions of
   * one cell.
   */
  public static TableDescriptor ids(TableName name) {
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(family(IdTable.IDS, BloomType.ROW, SMALL_BLOCK))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(family(IdTable.HANDLES, BloomType.ROW, SMALL_BLOCK))
            .setMaxVersions(IdTable.HANDLE_VERSIONS)
            .build())
        .build();
  }

  /** The index catalog: a row per index and month, read by row. */
  public static TableDescriptor indexCatalog(TableName name) {
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(family(IndexCatalog.FAMILY, BloomType.ROW, SMALL_BLOCK))
        .build();
  }

  /**
   * The hourly counts: a row per key set and index table, read by row. Generations stay; counts expire
   * when unwritten for {@link CountTable#COUNT_DAYS} days.
   */
  public static TableDescriptor counts(TableName name) {
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(family(CountTable.GENERATIONS, BloomType.ROW, SMALL_BLOCK))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(family(CountTable.COUNTS, BloomType.ROW, SMALL_BLOCK))
            .setTimeToLive(CountTable.COUNT_DAYS * 86_400)
            .build())
        .build();
  }

  /**
   * Split points spreading a month's tweet ids over {@code regions} regions. Snowflake ids grow with
   * time, so even steps of the month's id range are even steps of time. Pre-snowflake months (before
   * November 2010) have no computable range and get no splits.
   */
  public static byte[][] tweetSplits(Month month, int regions) {
    if (regions <= 1 || month.startMillis() < Snowflake.EPOCH_MILLIS) {
      return null;
    }
    return evenSplits(Snowflake.firstIdAt(month.startMillis()), Snowflake.firstIdAt(month.endMillis()), regions);
  }

  /** Split points for user rows: user ids spread roughly evenly over [0, 2^32) for most accounts. */
  public static byte[][] userSplits(int regions) {
    return regions <= 1 ? null : evenSplits(0, 1L << 32, regions);
  }

  /**
   * Split points for index keys: even steps between '#' (hashtags, then '@' mentions, URLs, words) and
   * 'z'; keys past it (non-Latin words) fall into the last region.
   */
  public static byte[][] indexSplits(int regions) {
    if (regions <= 1) {
      return null;
    }
    // Bytes.split returns both ends too; a split at either would leave a region next to nothing.
    byte[][] points = Bytes.split(Bytes.toBytes("#"), Bytes.toBytes("z"), regions - 1);
    return Arrays.copyOfRange(points, 1, points.length - 1);
  }

  private static byte[][] evenSplits(long first, long last, int regions) {
    byte[][] splits = new byte[regions - 1][];
    long step = (last - first) / regions;
    for (int i = 1; i < regions; i++) {
      splits[i - 1] = RowKeys.id(first + i * step);
    }
    return splits;
  }

  /**
   * A family of JSON documents, read by row. The family carries the codec's chunk size, so that a
   * region server reads and writes its blocks whole whatever its own site file says.
   */
  private static ColumnFamilyDescriptor json(byte[] name, BloomType bloom) {
    return ColumnFamilyDescriptorBuilder.newBuilder(family(name, bloom, JSON_BLOCK))
        .setDataBlockEncoding(DataBlockEncoding.ROW_INDEX_V1)
        .setConfiguration(Codecs.ZSTD_BUFFER_KEY, Integer.toString(Codecs.ZSTD_BUFFER_BYTES))
        .build();
  }

  private static ColumnFamilyDescriptor family(byte[] name, BloomType bloom, int blockBytes) {
    return ColumnFamilyDescriptorBuilder.newBuilder(name)
        .setMaxVersions(1)
        .setCompressionType(Compression.Algorithm.ZSTD)
        .setBlocksize(blockBytes)
        .setDataBlockEncoding(DataBlockEncoding.FAST_DIFF)
        .setBloomFilterType(bloom)
        .setInMemoryCompaction(MemoryCompactionPolicy.BASIC)
        .setConfiguration(PIPELINE_SEGMENTS_KEY, Integer.toString(PIPELINE_SEGMENTS))
        .setConfiguration(COMPACTION_MIN_FILES_KEY, Integer.toString(COMPACTION_MIN_FILES))
        .build();
  }
}
