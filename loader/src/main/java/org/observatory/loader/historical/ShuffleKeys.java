package org.observatory.loader.historical;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.MultiTableHFileOutputFormat;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;

/**
 * The bulk job's shuffle key: the table's place in the job's list of bulk tables (two bytes, big-endian)
 * and the row. HBase's multi-table key begins with the table's whole name instead, some thirty bytes
 * that every comparison of the map-side sort and the merges walked before reaching the row, and that
 * every cell carried through the spills: comparing keys was an eighth of a bulk load's time. Only the
 * reducers turn a key back into HBase's form, once a row, for its HFile writer.
 */
final class ShuffleKeys {
  private static final int TABLE_BYTES = 2;
  private static final int MAX_TABLES = 1 << 16;
  private final List<TableName> tables;
  private final Map<TableName, Integer> places = new HashMap<>();
  private final byte[][] names;

  ShuffleKeys(List<TableName> tables) {
    if (tables.size() > MAX_TABLES) {
      throw new IllegalArgumentException("a bulk load writes at most " + MAX_TABLES + " tables, not " + tables.size());
    }
    this.tables = List.copyOf(tables);
    names = new byte[tables.size()][];
    for (int i = 0; i < tables.size(); i++) {
      places.put(tables.get(i), i);
      names[i] = tables.get(i).getName();
    }
  }

  /** Whether the job writes HFiles for the table. */
  boolean covers(TableName table) {
    return places.containsKey(table);
  }

  /** The shuffle key of a row of one of the job's tables. */
  ImmutableBytesWritable key(TableName table, byte[] row) {
    return new ImmutableBytesWritable(key(places.get(table), row));
  }

  /** HBase's multi-table key ({@link MultiTableHFileOutputFormat}) of a shuffle key. */
  ImmutableBytesWritable hbaseKey(ImmutableBytesWritable key) {
    byte[] bytes = key.get();
    int start = key.getOffset();
    int table = (bytes[start] & 0xff) << 8 | bytes[start + 1] & 0xff;
    byte[] row = Arrays.copyOfRange(bytes, start + TABLE_BYTES, start + key.getLength());
    return new ImmutableBytesWritable(MultiTableHFileOutputFormat.createCompositeKey(names[table], row));
  }

  /**
   * Partitions the job's keys by the tables' current regions, as HBase's own setup does for its keys,
   * into at most {@code maxReducers} reducers of whole regions, each a run of neighbouring regions of the
   * job's list: a reducer a region when there are enough, so that each reducer's HFiles fit one region.
   * With fewer, a reducer's HFiles span several, and are split at their boundaries as they land. Call
   * after that setup, whose reducer count (a region each) this checks.
   */
  void partitionByRegions(Job job, Connection connection, Path partitionsFile, int maxReducers) throws IOException {
    List<byte[]> regionStarts = new ArrayList<>(); // in the job's order: tables in its list, then rows
    for (int i = 0; i < tables.size(); i++) {
      try (RegionLocator regions = connection.getRegionLocator(tables.get(i))) {
        for (byte[] start : regions.getStartKeys()) {
          regionStarts.add(key(i, start));
        }
      }
    }
    int regions = regionStarts.size();
    if (regions != job.getNumReduceTasks()) {
      throw new IOException("the tables' regions changed while the load was set up: load again");
    }
    int reducers = Math.max(1, Math.min(regions, maxReducers));
    Configuration conf = job.getConfiguration();
    try (SequenceFile.Writer out = SequenceFile.createWriter(conf, SequenceFile.Writer.file(partitionsFile),
        SequenceFile.Writer.keyClass(ImmutableBytesWritable.class), SequenceFile.Writer.valueClass(NullWritable.class))) {
      for (int reducer = 1; reducer < reducers; reducer++) {
        int firstRegion = (int) ((long) reducer * regions / reducers);
        out.append(new ImmutableBytesWritable(regionStarts.get(firstRegion)), NullWritable.get());
      }
    }
    job.setNumReduceTasks(reducers);
    job.setPartitionerClass(TotalOrderPartitioner.class);
    TotalOrderPartitioner.setPartitionFile(conf, partitionsFile);
  }

  private static byte[] key(int table, byte[] row) {
    byte[] key = new byte[TABLE_BYTES + row.length];
    key[0] = (byte) (table >>> 8);
    key[1] = (byte) table;
    System.arraycopy(row, 0, key, TABLE_BYTES, row.length);
    return key;
  }
}
