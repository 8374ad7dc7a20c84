package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.LayoutUpgrade;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableLayout;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.UsesStore;

/** Tables an earlier build created, brought to today's layout on a real HBase. */
@UsesStore
class LayoutUpgradeTest {
  private static final int ROWS = 2_000;
  private final Connection connection = MiniHBase.connection();
  private final TableNames names = new TableNames("layout_upgrade");
  private final MonthTables monthTables = new MonthTables(connection, names, IndexSpec.defaults(), 1);
  private final LayoutUpgrade upgrade = new LayoutUpgrade(connection, monthTables);
  private final Month month = Month.parse("2013-08");

  @Test
  void tablesOfAnEarlierLayoutAreBroughtToTodaysWithTheirCellsIntactAndTheirFilesRewritten() throws Exception {
    monthTables.create(month);
    assertThat(upgrade.month(month)).as("tables created now are already in the layout").isEmpty();
    assertThat(upgrade.shared()).isEmpty();

    List<TableName> old = new ArrayList<>(monthTables.list().get(month));
    old.add(names.deletions());
    old.forEach(this::toTheFirstWavesLayout);
    monthTables.dropTable(names.counts()); // the first wave had none
    TableName tweets = names.tweets(month);
    byte[] family = Bytes.toBytes("j");
    writeAndFlush(tweets, family);
    assertThat(codecsOfFiles(tweets, family)).containsOnly(Compression.Algorithm.GZ);

    assertThat(upgrade.month(month)).containsExactlyInAnyOrderElementsOf(monthTables.list().get(month));
    assertThat(upgrade.shared()).containsExactlyInAnyOrder(names.deletions(), names.counts());
    try (Admin admin = connection.getAdmin()) {
      assertSameFamilies(admin.getDescriptor(tweets), TableLayout.tweets(tweets));
      assertSameFamilies(admin.getDescriptor(names.users(month)), TableLayout.users(names.users(month)));
      TableName meme = names.index("meme", month);
      assertSameFamilies(admin.getDescriptor(meme), TableLayout.index(meme));
      assertSameFamilies(admin.getDescriptor(names.deletions()), TableLayout.deletions(names.deletions()));
      assertSameFamilies(admin.getDescriptor(names.counts()), TableLayout.counts(names.counts()));
    }
    assertThat(upgrade.month(month)).as("a second upgrade has nothing to do").isEmpty();
    assertThat(upgrade.shared()).isEmpty();
    assertThat(codecsOfFiles(tweets, family)).as("files keep their codec until compacted").containsOnly(Compression.Algorithm.GZ);

    List<TableName> compacted = new ArrayList<>();
    upgrade.compact(List.of(tweets), compacted::add);
    assertThat(compacted).containsExactly(tweets);
    assertThat(codecsOfFiles(tweets, family)).containsExactly(Compression.Algorithm.ZSTD);
    assertThat(rowCount(tweets)).isEqualTo(ROWS);
  }

  @Test
  void anEmptyStoreHasNothingToUpgrade() throws Exception {
    TableNames none = new TableNames("layout_upgrade_none");
    MonthTables empty = new MonthTables(connection, none, IndexSpec.defaults(), 1);
    assertThat(new LayoutUpgrade(connection, empty).shared()).isEmpty();
    assertThat(empty.list()).as("no namespace made").isEmpty();
  }

  /** What tables looked like in October 2026: GZ on the JSON, no codec elsewhere, HBase's defaults otherwise. */
  private void toTheFirstWavesLayout(TableName table) {
    try (Admin admin = connection.getAdmin()) {
      TableDescriptor now = admin.getDescriptor(table);
      TableDescriptorBuilder old = TableDescriptorBuilder.newBuilder(now);
      for (ColumnFamilyDescriptor family : now.getColumnFamilies()) {
        boolean json = Bytes.toString(family.getName()).matches("[jp]");
        old.modifyColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(family.getName())
            .setMaxVersions(1)
            .setCompressionType(json ? Compression.Algorithm.GZ : Compression.Algorithm.NONE)
            .setBloomFilterType(family.getBloomFilterType())
            .build());
      }
      admin.modifyTable(old.build());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void writeAndFlush(TableName table, byte[] family) throws IOException {
    try (Table t = connection.getTable(table); Admin admin = connection.getAdmin()) {
      List<Put> puts = new ArrayList<>();
      for (long id = 1; id <= ROWS; id++) {
        puts.add(new Put(Bytes.toBytes(id)).addColumn(family, Bytes.toBytes("s"), Bytes.toBytes("{\"id\":" + id + "}")));
      }
      t.put(puts);
      admin.flush(table);
    }
  }

  private static List<Compression.Algorithm> codecsOfFiles(TableName table, byte[] family) {
    List<Compression.Algorithm> codecs = new ArrayList<>();
    for (HRegion region : MiniHBase.get().getHBaseCluster().getRegions(table)) {
      for (HStoreFile file : region.getStore(family).getStorefiles()) {
        codecs.add(file.getReader().getHFileReader().getFileContext().getCompression());
      }
    }
    return codecs;
  }

  private static void assertSameFamilies(TableDescriptor actual, TableDescriptor layout) {
    for (ColumnFamilyDescriptor family : layout.getColumnFamilies()) {
      assertThat(ColumnFamilyDescriptor.COMPARATOR.compare(actual.getColumnFamily(family.getName()), family))
          .as("family %s of %s", family.getNameAsString(), actual.getTableName()).isZero();
    }
  }

  private long rowCount(TableName table) throws IOException {
    long rows = 0;
    try (Table t = connection.getTable(table); ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result ignored : scanner) {
        rows++;
      }
    }
    return rows;
  }
}
