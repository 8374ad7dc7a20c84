package org.observatory.loader.historical;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.UsesStore;

/** HFiles a family a region, each fitting its region, on a real table of the mini cluster. */
@UsesStore
class RegionHFileWriterTest {
  private static final byte[] INDEX = Bytes.toBytes("i");
  private static final byte[] DATA = Bytes.toBytes("d");
  private final Connection connection = MiniHBase.connection();

  @Test
  void writesAFileAFamilyARegionThatLandsWhole(@TempDir Path dir) throws Exception {
    TableName table = TableName.valueOf("region_writer", "words");
    TableDescriptor descriptor = TableDescriptorBuilder.newBuilder(table)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(DATA).setBloomFilterType(BloomType.ROW).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(INDEX).setBloomFilterType(BloomType.NONE).build())
        .build();
    byte[][] starts;
    try (Admin admin = connection.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create("region_writer").build());
      admin.createTable(descriptor, new byte[][] {Bytes.toBytes("h"), Bytes.toBytes("p")});
    }
    try (RegionLocator regions = connection.getRegionLocator(table)) {
      starts = regions.getStartKeys();
    }
    Configuration conf = connection.getConfiguration();
    org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(dir.toUri());
    String[] rows = {"apple", "banana", "h", "orange", "p", "zebra"};

    try (RegionHFileWriter writer = new RegionHFileWriter(conf, descriptor, starts, out, "test")) {
      for (String row : rows) { // HBase's order: row, then family
        writer.append(new KeyValue(Bytes.toBytes(row), DATA, Bytes.toBytes("q"), 1L, Bytes.toBytes(row)));
        writer.append(new KeyValue(Bytes.toBytes(row), INDEX, Bytes.toBytes(7L), 0L, new byte[0]));
      }
    }

    FileSystem fs = out.getFileSystem(conf);
    for (String family : List.of("d", "i")) {
      List<String> spans = new ArrayList<>();
      for (FileStatus file : fs.listStatus(new org.apache.hadoop.fs.Path(out, family))) {
        try (HFile.Reader reader = HFile.createReader(fs, file.getPath(), CacheConfig.DISABLED, true, conf)) {
          spans.add(Bytes.toString(reader.getFirstRowKey().orElseThrow()) + ".."
              + Bytes.toString(reader.getLastRowKey().orElseThrow()));
        }
      }
      assertThat(spans).as(family).containsExactlyInAnyOrder("apple..banana", "h..orange", "p..zebra");
    }

    BulkLoadHFiles.create(conf).bulkLoad(table, out);
    List<String> loaded = new ArrayList<>();
    try (Table stored = connection.getTable(table); ResultScanner scanner = stored.getScanner(new Scan())) {
      for (Result result : scanner) {
        loaded.add(Bytes.toString(result.getRow()) + "=" + Bytes.toString(result.getValue(DATA, Bytes.toBytes("q")))
            + "," + result.size());
      }
    }
    assertThat(loaded).containsExactly("apple=apple,2", "banana=banana,2", "h=h,2", "orange=orange,2", "p=p,2",
        "zebra=zebra,2");
  }

  @Test
  void aTableOfOneRegionGetsAFileAFamily(@TempDir Path dir) throws Exception {
    TableDescriptor descriptor = TableDescriptorBuilder.newBuilder(TableName.valueOf("one_region"))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(INDEX)).build();
    org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(dir.toUri());
    Configuration conf = connection.getConfiguration();

    try (RegionHFileWriter writer = new RegionHFileWriter(conf, descriptor, new byte[][] {new byte[0]}, out, "test")) {
      for (int i = 0; i < 1000; i++) {
        writer.append(new KeyValue(Bytes.toBytes(String.format("row%04d", i)), INDEX, Bytes.toBytes(7L), 0L, new byte[0]));
      }
    }

    assertThat(out.getFileSystem(conf).listStatus(new org.apache.hadoop.fs.Path(out, "i"))).hasSize(1);
  }
}
