package org.observatory.loader.historical;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.MultiTableHFileOutputFormat;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.UsesStore;

/** The bulk job's short shuffle keys, partitioned by real tables' regions on the mini cluster. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class ShuffleKeysTest {
  private final Connection connection = MiniHBase.connection();
  // Names chosen so that the job's order is not the names' order: partitions follow the job's list.
  private final TableName words = TableName.valueOf("shuffle_keys", "words");
  private final TableName ids = TableName.valueOf("shuffle_keys", "ids");
  private final ShuffleKeys keys = new ShuffleKeys(List.of(words, ids));

  @BeforeAll
  void tablesOfThreeAndTwoRegions() throws IOException {
    try (Admin admin = connection.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create("shuffle_keys").build());
      create(admin, words, Bytes.toBytes("h"), Bytes.toBytes("p"));
      create(admin, ids, Bytes.toBytes(1000L));
    }
  }

  @Test
  void eachRowGoesToTheReducerOfItsTablesRegionInTheJobsOrder(@TempDir Path dir) throws Exception {
    TotalOrderPartitioner<ImmutableBytesWritable, KeyValue> partitioner = partitioner(dir, 5);

    assertThat(partitionOf(partitioner, words, Bytes.toBytes("apple"))).isEqualTo(0);
    assertThat(partitionOf(partitioner, words, Bytes.toBytes("h"))).isEqualTo(1);
    assertThat(partitionOf(partitioner, words, Bytes.toBytes("orange"))).isEqualTo(1);
    assertThat(partitionOf(partitioner, words, Bytes.toBytes("zebra"))).isEqualTo(2);
    assertThat(partitionOf(partitioner, ids, Bytes.toBytes(7L))).isEqualTo(3);
    assertThat(partitionOf(partitioner, ids, Bytes.toBytes(1000L))).isEqualTo(4);
    assertThat(partitionOf(partitioner, ids, Bytes.toBytes(Long.MAX_VALUE))).isEqualTo(4);
  }

  @Test
  void fewerReducersThanRegionsTakeRunsOfNeighbouringRegions(@TempDir Path dir) throws Exception {
    Job job = job(5);
    keys.partitionByRegions(job, connection, new org.apache.hadoop.fs.Path(dir.resolve("partitions").toUri()), 2);
    assertThat(job.getNumReduceTasks()).isEqualTo(2);
    TotalOrderPartitioner<ImmutableBytesWritable, KeyValue> partitioner = partitioner(job);

    // five regions in two: the first two, then the last three
    assertThat(partitionOf(partitioner, words, Bytes.toBytes("apple"), 2)).isEqualTo(0);
    assertThat(partitionOf(partitioner, words, Bytes.toBytes("orange"), 2)).isEqualTo(0);
    assertThat(partitionOf(partitioner, words, Bytes.toBytes("p"), 2)).isEqualTo(1);
    assertThat(partitionOf(partitioner, words, Bytes.toBytes("zebra"), 2)).isEqualTo(1);
    assertThat(partitionOf(partitioner, ids, Bytes.toBytes(7L), 2)).isEqualTo(1);
    assertThat(partitionOf(partitioner, ids, Bytes.toBytes(Long.MAX_VALUE), 2)).isEqualTo(1);
  }

  @Test
  void oneReducerTakesEveryRegion(@TempDir Path dir) throws Exception {
    Job job = job(5);
    keys.partitionByRegions(job, connection, new org.apache.hadoop.fs.Path(dir.resolve("partitions").toUri()), 1);
    assertThat(job.getNumReduceTasks()).isEqualTo(1);
  }

  @Test
  void aReducerGetsHBasesKeyBackForItsHFileWriter() {
    ImmutableBytesWritable key = keys.key(ids, Bytes.toBytes(42L));
    assertThat(key.getLength()).isEqualTo(2 + Long.BYTES);

    ImmutableBytesWritable hbase = keys.hbaseKey(key);

    assertThat(hbase.get()).isEqualTo(MultiTableHFileOutputFormat.createCompositeKey(ids.getName(), Bytes.toBytes(42L)));
    assertThat(keys.covers(ids)).isTrue();
    assertThat(keys.covers(TableName.valueOf("shuffle_keys", "other"))).isFalse();
  }

  @Test
  void regionsThatChangedAfterHBasesSetupStopTheLoad(@TempDir Path dir) {
    assertThatThrownBy(() -> partitioner(dir, 4)).hasMessageContaining("regions changed");
  }

  /** A partitioner of as many reducers as the regions HBase's setup would have counted. */
  private TotalOrderPartitioner<ImmutableBytesWritable, KeyValue> partitioner(Path dir, int reducers) throws IOException {
    Job job = job(reducers);
    keys.partitionByRegions(job, connection, new org.apache.hadoop.fs.Path(dir.resolve("partitions").toUri()), reducers);
    return partitioner(job);
  }

  private Job job(int reducersOfHBasesSetup) throws IOException {
    Job job = Job.getInstance(connection.getConfiguration());
    job.setNumReduceTasks(reducersOfHBasesSetup);
    job.setMapOutputKeyClass(ImmutableBytesWritable.class);
    return job;
  }

  private static TotalOrderPartitioner<ImmutableBytesWritable, KeyValue> partitioner(Job job) {
    TotalOrderPartitioner<ImmutableBytesWritable, KeyValue> partitioner = new TotalOrderPartitioner<>();
    partitioner.setConf(job.getConfiguration());
    return partitioner;
  }

  private int partitionOf(TotalOrderPartitioner<ImmutableBytesWritable, KeyValue> partitioner, TableName table, byte[] row) {
    return partitionOf(partitioner, table, row, 5);
  }

  private int partitionOf(TotalOrderPartitioner<ImmutableBytesWritable, KeyValue> partitioner, TableName table, byte[] row,
      int reducers) {
    return partitioner.getPartition(keys.key(table, row), null, reducers);
  }

  private static void create(Admin admin, TableName table, byte[]... splits) throws IOException {
    admin.createTable(TableDescriptorBuilder.newBuilder(table)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build(), splits);
  }
}
