package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.junit.jupiter.api.Test;
import org.observatory.schemas.index.IndexSpec;
import org.apache.hadoop.hbase.client.Table;
import org.observatory.schemas.tables.IndexCatalog;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthIndex;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.TweetTable;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.SlowTableCreations;
import org.observatory.testing.UsesStore;

/** Creating, listing and dropping a month's tables on a real HBase. */
@UsesStore
class MonthTablesTest {
  private final Connection connection = MiniHBase.connection();
  private final TableNames names = new TableNames("month_tables");
  private final MonthTables tables = new MonthTables(connection, names, IndexSpec.defaults(), 4);
  private final Month month = Month.parse("2014-02");

  @Test
  void manyMonthsCreatedAtOnceInAFreshNamespaceAllSucceed() throws Exception {
    for (int round = 0; round < 3; round++) {
      TableNames fresh = new TableNames("month_race_" + round);
      MonthTables racing = new MonthTables(connection, fresh, only("meme"), 1);
      List<java.util.concurrent.CompletableFuture<Void>> creations = new java.util.ArrayList<>();
      java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
      for (int m = 1; m <= 8; m++) {
        Month month = Month.parse("2015-0" + m);
        creations.add(java.util.concurrent.CompletableFuture.runAsync(() -> {
          try {
            racing.create(month);
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }, pool));
      }
      java.util.concurrent.CompletableFuture.allOf(creations.toArray(java.util.concurrent.CompletableFuture[]::new)).get();
      pool.shutdown();
      assertThat(racing.list()).hasSize(8);
    }
  }

  @Test
  void aMasterThatAnswersAfterTheTimeoutStillGivesTheMonthItsTables() throws Exception {
    Configuration impatient = new Configuration(MiniHBase.configuration());
    impatient.setInt("hbase.rpc.timeout", 1_000); // under the master's delay (SlowTableCreations)
    impatient.setInt("hbase.client.operation.timeout", 1_000);
    TableNames slow = new TableNames(SlowTableCreations.NAMESPACE);
    try (Connection busy = ConnectionFactory.createConnection(impatient)) {
      MonthTables creating = new MonthTables(busy, slow, only("meme"), 1);
      long began = System.nanoTime();

      int created = creating.create(month);

      assertThat(System.nanoTime() - began).as("it waited out the master").isGreaterThan(SlowTableCreations.DELAY_MILLIS * 1_000_000);
      assertThat(created).isEqualTo(3);
    }
    try (Admin admin = connection.getAdmin()) {
      for (TableName table : new MonthTables(connection, slow, only("meme"), 1).tablesOf(month)) {
        assertThat(admin.isTableAvailable(table)).as(table.toString()).isTrue();
      }
    }
  }

  @Test
  void oneMonthCreatedAtOnceByManyLoadersSucceedsForEach() throws Exception {
    TableNames fresh = new TableNames("month_same");
    new MonthTables(connection, fresh, only("meme"), 1).ensureNamespace();
    Month month = Month.parse("2012-06");
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(6);
    List<java.util.concurrent.Future<Integer>> creations = new java.util.ArrayList<>();
    for (int loader = 0; loader < 6; loader++) { // as mappers of one job do, each with its own MonthTables
      MonthTables own = new MonthTables(connection, fresh, only("meme", "text"), 1);
      creations.add(pool.submit(() -> own.create(month)));
    }
    int created = 0;
    for (java.util.concurrent.Future<Integer> creation : creations) {
      created += creation.get();
    }
    pool.shutdown();
    assertThat(new MonthTables(connection, fresh, only("meme", "text"), 1).list().get(month)).hasSize(4);
    assertThat(created).isGreaterThanOrEqualTo(4);
  }

  @Test
  void createsAPreSplitMonthOnceListsItAndDropsIt() throws Exception {
    assertThat(tables.create(month)).isEqualTo(8);
    assertThat(tables.create(month)).as("creating again creates nothing").isZero();

    try (Admin admin = connection.getAdmin()) {
      TableName tweets = names.tweets(month);
      assertThat(admin.getRegions(tweets)).hasSize(4);
      assertThat(admin.getRegions(names.index("meme", month))).hasSize(4);
      assertThat(admin.getDescriptor(tweets).getColumnFamily(TweetTable.JSON).getCompressionType())
          .as("the master checks that the codec loads before it creates the table")
          .isEqualTo(Compression.Algorithm.ZSTD);
    }
    assertThat(tables.list()).containsOnlyKeys(month);
    assertThat(tables.list().get(month)).containsExactlyInAnyOrderElementsOf(tables.tablesOf(month));

    assertThat(tables.drop(month)).isEqualTo(8);
    assertThat(tables.list()).isEmpty();
    assertThat(new IndexCatalog(connection, names, 0).list()).as("dropping forgets the month's indexes").isEmpty();
    assertThat(tables.tablesOf(month)).hasSize(2 + List.of("meme", "text", "user-tweets", "retweet", "screen-name", "trend").size());
  }

  @Test
  void theCatalogRecordsEachIndexsDefinitionAndWhetherItCameAfterTheMonthsTweets() throws Exception {
    TableNames fresh = new TableNames("month_catalog");
    Month month = Month.parse("2013-08");
    IndexSpec memeOnly = only("meme");
    new MonthTables(connection, fresh, memeOnly, 1).create(month);
    try (Table tweets = connection.getTable(fresh.tweets(month))) {
      long at = month.startMillis();
      tweets.put(TweetTable.put(new Tweet(1L << 40, at, at, "hello", "en", new Tweet.User(7, "someone", "{}"),
          List.of(), List.of(), List.of(), List.of(), null, null, null, "{}")));
    }
    IndexSpec later = only("meme", "text");
    new MonthTables(connection, fresh, later, 1).create(month);

    IndexCatalog catalog = new IndexCatalog(connection, fresh, 0);
    MonthIndex meme = catalog.get("meme", month).orElseThrow();
    MonthIndex text = catalog.get("text", month).orElseThrow();
    assertThat(meme.exactlyBy(memeOnly.indexes().get(0))).isTrue();
    assertThat(meme.partial()).isFalse();
    assertThat(text.partial()).as("created after the month had tweets").isTrue();
    assertThat(text.exactlyBy(later.indexes().get(1))).isFalse();
    assertThat(text.revision()).isEqualTo(1);
    assertThat(text.builtBy()).isEqualTo(MonthIndex.BY_LOAD);
  }

  /** The default specification's indexes of these names. */
  private static IndexSpec only(String... indexes) {
    return new IndexSpec(IndexSpec.defaults().indexes().stream()
        .filter(i -> List.of(indexes).contains(i.name())).toList());
  }
}
