package org.observatory.loader.reindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.loader.LoaderKit;
import org.observatory.indexer.CatalogPlacement;
import org.observatory.indexer.Indexer;
import org.observatory.loader.historical.LoadMode;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexCatalog;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthIndex;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.TweetTable;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TableSnapshot;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/** Rebuilding indexes from the tweet tables, on the mini cluster over the shared tweets. */
@UsesStore
class ReindexTest {
  private static final IndexSpec SPEC = IndexSpec.defaults();
  private static final Reindex.Settings AT_ONCE = new Reindex.Settings(2, 60, 0, 0,
      new org.apache.hadoop.fs.Path("target/reindex-work"));

  private final Connection connection = MiniHBase.connection();

  @Test
  void rebuiltIndexesEqualTheOnesBuiltAtLoadCellForCell(@TempDir Path work) throws Exception {
    TableNames names = new TableNames("reindex_equal");
    Month august = Month.parse("2013-08");
    TestLoads.load(connection, names, work, SharedData.file(SharedData.DAY_2013));
    Map<String, String> online = new LinkedHashMap<>();
    for (String index : SPEC.names()) {
      online.put(index, TableSnapshot.of(connection, names.index(index, august)));
    }

    Reindex.Summary summary = new Reindex(new LoaderKit(connection, names, SPEC, 1), AT_ONCE).run(List.of(), august, august, false);

    IndexCatalog catalog = new IndexCatalog(connection, names, 0);
    for (IndexDefinition definition : SPEC.indexes()) {
      MonthIndex entry = catalog.get(definition.name(), august).orElseThrow();
      assertThat(entry.revision()).isEqualTo(2);
      assertThat(entry.builtBy()).isEqualTo(MonthIndex.BY_REINDEX);
      assertThat(entry.rebuild()).isNull();
      assertThat(entry.exactlyBy(definition)).isTrue();
      assertThat(TableSnapshot.of(connection, entry.table(names))).as(definition.name())
          .isEqualTo(online.get(definition.name()));
      assertThat(exists(names.index(definition.name(), august))).as("the replaced table is dropped").isFalse();
    }
    assertThat(online.get("meme")).doesNotStartWith("cells:0 ");
    assertThat(summary.tweets()).isEqualTo(rows(names.tweets(august)));
    assertThat(summary.unreadable()).isZero();
  }

  @Test
  void whileARebuildRunsLoadersWriteItsRevisionTooAndASecondRebuildWaitsForIt(@TempDir Path work)
      throws Exception {
    TableNames names = new TableNames("reindex_writers");
    Month january = Month.parse("2016-01");
    MonthTables tables = new MonthTables(connection, names, SPEC, 1);
    tables.create(january);
    IndexCatalog catalog = new IndexCatalog(connection, names, 0);
    MonthIndex entry = catalog.get("meme", january).orElseThrow();
    tables.createIndexTable(names.index("meme", january, 2));
    IndexDefinition meme = SPEC.indexes().get(0);
    assertThat(catalog.replace(entry, entry.rebuilding(new MonthIndex.Rebuild(2, meme, 0)))).isTrue();

    TestLoads.load(connection, names, work, SharedData.file(SharedData.DAY_NL));

    String inForce = TableSnapshot.of(connection, names.index("meme", january));
    assertThat(inForce).doesNotStartWith("cells:0 ");
    assertThat(TableSnapshot.of(connection, names.index("meme", january, 2))).isEqualTo(inForce);

    Reindex reindex = new Reindex(new LoaderKit(connection, names, SPEC, 1), AT_ONCE);
    assertThatThrownBy(() -> reindex.run(List.of("meme"), january, january, false))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("already being rebuilt")
        .hasMessageContaining("--restart");
    assertThat(catalog.get("meme", january).orElseThrow().rebuild()).as("the refused run changed nothing")
        .isEqualTo(new MonthIndex.Rebuild(2, meme, 0));

    reindex.run(List.of("meme"), january, january, true);
    assertThat(catalog.get("meme", january).orElseThrow().revision()).isEqualTo(2);
    assertThat(TableSnapshot.of(connection, names.index("meme", january, 2))).isEqualTo(inForce);
  }

  @Test
  void aBulkLoadIntoAMonthBeingRebuiltIsRefusedAndStoresNothing(@TempDir Path work) throws Exception {
    TableNames names = new TableNames("reindex_bulk");
    Month january = Month.parse("2016-01");
    new MonthTables(connection, names, SPEC, 1).create(january);
    IndexCatalog catalog = new IndexCatalog(connection, names, 0);
    MonthIndex entry = catalog.get("meme", january).orElseThrow();
    assertThat(catalog.replace(entry, entry.rebuilding(new MonthIndex.Rebuild(2, SPEC.indexes().get(0), 0)))).isTrue();

    // A bulk load's tweets reach the tweet table only at its end, after the rebuild may have read it.
    assertThatThrownBy(() -> TestLoads.load(connection, names, LoadMode.BULK, work, SharedData.file(SharedData.DAY_NL)))
        .hasMessageContaining("index meme of 2016-01 is being rebuilt").hasMessageContaining("--mode direct");
    assertThat(rows(names.tweets(january))).isZero();
    assertThat(TableSnapshot.of(connection, names.index("meme", january))).startsWith("cells:0 ");
  }

  @Test
  void aLoaderWritingARevisionBuiltByAnotherDefinitionSaysSoInTheCatalog() throws Exception {
    TableNames names = new TableNames("reindex_mixed");
    Month january = Month.parse("2016-01");
    new MonthTables(connection, names, SPEC, 1).create(january);
    IndexSpec withoutUserIds = new IndexSpec(SPEC.indexes().stream()
        .map(d -> d.name().equals("meme") ? new IndexDefinition(d.name(), d.keys(), d.qualifier(), null, null) : d)
        .toList());
    IndexCatalog catalog = new IndexCatalog(connection, names, 0);
    Indexer started = new Indexer(withoutUserIds, names, new CatalogPlacement(catalog, names, withoutUserIds));
    long at = january.startMillis();
    Tweet tweet = new Tweet(1L << 50, at, at, "#hello", "en", new Tweet.User(7, "someone", "{}"), List.of("hello"),
        List.of(), List.of(), List.of(), null, null, null, "{}");

    assertThat(started.indexMutations("meme", tweet, started.place(List.of(tweet)))).isNotEmpty();

    MonthIndex meme = catalog.get("meme", january).orElseThrow();
    assertThat(meme.definitions()).containsExactly(SPEC.indexes().get(0), withoutUserIds.indexes().get(0));
    assertThat(meme.exactlyBy(SPEC.indexes().get(0))).isFalse();
  }

  @Test
  void namesWhatItCannotRebuild() {
    Reindex reindex = new Reindex(new LoaderKit(connection, new TableNames("reindex_nothing"), SPEC, 1), AT_ONCE);
    Month month = Month.parse("2013-08");
    assertThatThrownBy(() -> reindex.run(List.of("nope"), month, month, false))
        .hasMessageContaining("no index 'nope'").hasMessageContaining("meme");
    assertThatThrownBy(() -> reindex.run(List.of(), month, month, false))
        .hasMessageContaining("no month from 2013-08 to 2013-08 has tweets");
    assertThatThrownBy(() -> reindex.run(List.of(), month, Month.parse("2013-01"), false))
        .hasMessageContaining("before the first");
  }

  private boolean exists(TableName table) throws Exception {
    try (Admin admin = connection.getAdmin()) {
      return admin.tableExists(table);
    }
  }

  private long rows(TableName table) throws Exception {
    long rows = 0;
    try (Table t = connection.getTable(table); ResultScanner scanner = t.getScanner(TweetTable.statuses())) {
      while (scanner.next() != null) {
        rows++;
      }
    }
    return rows;
  }
}
