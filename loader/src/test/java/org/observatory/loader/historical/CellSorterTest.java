package org.observatory.loader.historical;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.indexer.Indexer;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.TableNames;

/**
 * The sorter's HFiles hold every distinct cell added, in HBase's order, the first added of equal
 * cells, whether the cells were spilled or still held at the end.
 */
class CellSorterTest {
  private static final byte[] DATA = Bytes.toBytes("d");
  private static final byte[] JSON = Bytes.toBytes("j");
  private static final TableNames NAMES = new TableNames("sorter");
  private static final Month MONTH = Month.parse("2012-06");
  private static final List<TableName> TABLES = List.of(NAMES.tweets(MONTH), NAMES.users(MONTH));

  @TempDir
  java.nio.file.Path dir;
  private final Configuration conf = new Configuration();
  private final ExecutorService workers = Executors.newFixedThreadPool(2);

  @AfterEach
  void stop() {
    workers.shutdownNow();
  }

  @Test
  void mergesSpilledRunsWithTheCellsStillHeld() throws IOException {
    sortsEveryCellOnce(20_000, 64 << 10, true);
  }

  @Test
  void writesCellsNeverSpilledStraightFromMemory() throws IOException {
    sortsEveryCellOnce(5_000, 1L << 30, false);
  }

  private void sortsEveryCellOnce(int cells, long memoryBytes, boolean spills) throws IOException {
    Random random = new Random(7);
    List<List<KeyValue>> added = List.of(new ArrayList<>(), new ArrayList<>());
    CellSorter sorter = new CellSorter(TABLES.size(), memoryBytes, new Path(dir.resolve("runs").toUri()), conf, workers);
    for (int i = 0; i < cells; i++) {
      int table = random.nextInt(10) < 7 ? 0 : 1; // the larger table is merged in halves
      byte[] row = Bytes.toBytes(String.format("row%05d", random.nextInt(cells / 3)));
      byte[] family = random.nextBoolean() ? DATA : JSON;
      byte[] qualifier = Bytes.toBytes("q" + random.nextInt(3));
      KeyValue kv = new KeyValue(row, family, qualifier, random.nextInt(2), Bytes.toBytes("added " + i));
      added.get(table).add(kv);
      sorter.add(table, List.of(new Put(row).add(kv)));
    }
    Path hfiles = new Path(dir.resolve("hfiles").toUri());

    sorter.finish(table -> new RegionHFileWriter(conf, descriptor(TABLES.get(table)), new byte[][] {new byte[0]},
        new Path(hfiles, Integer.toString(table)), "test"), new DeletedCells(TABLES, NAMES, IndexSpec.defaults(),
        new Indexer(IndexSpec.defaults(), NAMES), List.of()));

    assertThat(sorter.spills() > 0).isEqualTo(spills);
    assertThat(sorter.writtenShare()).as("the sort's share at its end, repeats among the cells").isEqualTo(1.0);
    for (int table = 0; table < TABLES.size(); table++) {
      assertThat(values(written(new Path(hfiles, Integer.toString(table))))).as("table %d", table)
          .containsExactlyElementsOf(values(expected(added.get(table))));
    }
  }

  private static List<Cell> expected(List<KeyValue> added) {
    List<KeyValue> firsts = SortedCells.firstOfEqual(added);
    assertThat(firsts.size()).as("equal cells among those added").isLessThan(added.size());
    return List.copyOf(firsts);
  }

  /** Every cell of a table's HFiles, in HBase's order (a family's files do not overlap). */
  private List<Cell> written(Path table) throws IOException {
    FileSystem fs = table.getFileSystem(conf);
    List<List<Cell>> files = new ArrayList<>();
    for (FileStatus family : fs.listStatus(table)) {
      for (FileStatus file : fs.listStatus(family.getPath())) {
        List<Cell> cells = new ArrayList<>();
        try (HFile.Reader reader = HFile.createReader(fs, file.getPath(), CacheConfig.DISABLED, true, conf);
            HFileScanner scanner = reader.getScanner(conf, false, false)) {
          for (boolean more = scanner.seekTo(); more; more = scanner.next()) {
            cells.add(KeyValueUtil.copyToNewKeyValue(scanner.getCell()));
          }
        }
        files.add(cells);
      }
    }
    List<Cell> all = new ArrayList<>();
    files.forEach(all::addAll);
    all.sort(CellComparator.getInstance());
    return all;
  }

  private static List<String> values(List<Cell> cells) {
    return cells.stream().map(c -> c + "=" + Bytes.toString(c.getValueArray(), c.getValueOffset(), c.getValueLength()))
        .toList();
  }

  private static TableDescriptor descriptor(TableName name) {
    return TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(DATA))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(JSON)).build();
  }
}
