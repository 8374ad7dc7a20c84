package org.observatory.loader.historical;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.regionserver.StoreUtils;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One table's cells, given in HBase's order, written as HFiles ready for {@code BulkLoadHFiles}: a
 * file a family a region, under {@code dir/FAMILY/}, each family with its own compression, block
 * encoding, block size and bloom filter, as HBase's {@code HFileOutputFormat2} writes them. A cell past
 * the next region's start key closes the files of the region before, so no file needs splitting when
 * it lands.
 */
final class RegionHFileWriter implements AutoCloseable {
  private final Configuration conf;
  private final FileSystem fs;
  private final TableDescriptor table;
  private final Path dir;
  private final byte[][] regionStarts;
  private final String writtenBy;
  private final List<byte[]> openFamilies = new ArrayList<>();
  private final List<StoreFileWriter> openWriters = new ArrayList<>();
  private int region;

  /**
   * @param regionStarts the start keys of the table's regions, in order (the first empty)
   * @param writtenBy what wrote the files, kept in them as HBase's bulk-load task
   */
  RegionHFileWriter(Configuration conf, TableDescriptor table, byte[][] regionStarts, Path dir, String writtenBy)
      throws IOException {
    this.conf = conf;
    this.fs = dir.getFileSystem(conf);
    this.table = table;
    this.dir = dir;
    this.regionStarts = regionStarts.clone();
    Arrays.sort(this.regionStarts, Bytes.BYTES_COMPARATOR);
    this.writtenBy = writtenBy;
  }

  void append(Cell cell) throws IOException {
    while (region + 1 < regionStarts.length && pastStartOf(regionStarts[region + 1], cell)) {
      closeOpen();
      region++;
    }
    writerOf(cell).append(cell);
  }

  private static boolean pastStartOf(byte[] start, Cell cell) {
    return Bytes.compareTo(cell.getRowArray(), cell.getRowOffset(), cell.getRowLength(), start, 0, start.length) >= 0;
  }

  /** A table has a family or two: a look through them beats hashing a copy of the name each cell. */
  private StoreFileWriter writerOf(Cell cell) throws IOException {
    for (int i = 0; i < openFamilies.size(); i++) {
      byte[] family = openFamilies.get(i);
      if (Bytes.equals(cell.getFamilyArray(), cell.getFamilyOffset(), cell.getFamilyLength(), family, 0, family.length)) {
        return openWriters.get(i);
      }
    }
    byte[] family = CellUtil.cloneFamily(cell);
    StoreFileWriter writer = create(table.getColumnFamily(family));
    openFamilies.add(family);
    openWriters.add(writer);
    return writer;
  }

  private StoreFileWriter create(ColumnFamilyDescriptor family) throws IOException {
    if (family == null) {
      throw new IOException("table " + table.getTableName() + " has no such family");
    }
    HFileContext context = new HFileContextBuilder().withCompression(family.getCompressionType())
        .withDataBlockEncoding(family.getDataBlockEncoding()).withBlockSize(family.getBlocksize())
        .withChecksumType(StoreUtils.getChecksumType(conf)).withBytesPerCheckSum(StoreUtils.getBytesPerChecksum(conf))
        .withColumnFamily(family.getName()).withTableName(table.getTableName().getName())
        .withCreateTime(System.currentTimeMillis())
        .withIncludesTags(HFile.getFormatVersion(conf) >= HFile.MIN_FORMAT_VERSION_WITH_TAGS).build();
    return new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, fs).withOutputDir(new Path(dir, family.getNameAsString()))
        .withBloomType(family.getBloomFilterType()).withFileContext(context).build();
  }

  private void closeOpen() throws IOException {
    for (StoreFileWriter writer : openWriters) {
      writer.appendFileInfo(HStoreFile.BULKLOAD_TIME_KEY, Bytes.toBytes(System.currentTimeMillis()));
      writer.appendFileInfo(HStoreFile.BULKLOAD_TASK_KEY, Bytes.toBytes(writtenBy));
      writer.appendFileInfo(HStoreFile.MAJOR_COMPACTION_KEY, Bytes.toBytes(true));
      writer.appendFileInfo(HStoreFile.EXCLUDE_FROM_MINOR_COMPACTION_KEY, Bytes.toBytes(false));
      writer.appendTrackedTimestampsToMetadata();
      writer.close();
    }
    openFamilies.clear();
    openWriters.clear();
  }

  @Override
  public void close() throws IOException {
    closeOpen();
  }
}
