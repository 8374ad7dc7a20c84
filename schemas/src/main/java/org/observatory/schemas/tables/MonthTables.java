package org.observatory.schemas.tables;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.ipc.CallTimeoutException;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;

/**
 * Creates, lists and drops the set of tables of a month: tweets, users and one per index (the
 * revision the {@link IndexCatalog} has in force); and, with the namespace, the deletion table, the
 * catalog and the counts table the months share. Creating a month's tables records the
 * specification's index definitions in the catalog. Thread-safe: each operation uses an Admin of its own.
 */
public final class MonthTables {
  /** How long a table another loader (or a master slow to answer) is creating may take to appear. */
  private static final long BUSY_MASTER_WAIT_MILLIS = 300_000;
  private final Connection connection;
  private final TableNames names;
  private final IndexSpec spec;
  private final IndexCatalog catalog;
  private final int regionsPerTable;
  private volatile boolean namespaceReady;

  /**
   * @param spec the index specification in force
   * @param regionsPerTable regions each new table is pre-split into (1: no pre-split)
   */
  public MonthTables(Connection connection, TableNames names, IndexSpec spec, int regionsPerTable) {
    this.connection = connection;
    this.names = names;
    this.spec = spec;
    this.catalog = new IndexCatalog(connection, names, 0);
    this.regionsPerTable = regionsPerTable;
  }

  /** The tables a month has under the current specification: its index tables as the catalog has them. */
  public List<TableName> tablesOf(Month month) throws IOException {
    List<TableName> tables = new ArrayList<>();
    tables.add(names.tweets(month));
    tables.add(names.users(month));
    for (String index : spec.names()) {
      tables.add(catalog.get(index, month).map(e -> e.table(names)).orElse(names.index(index, month)));
    }
    return tables;
  }

  /** Creates the namespace and the tables the months share (deletions, catalog, counts; Bluesky's ids) if they are missing. */
  public void ensureNamespace() throws IOException {
    try (Admin admin = connection.getAdmin()) {
      ensureNamespace(admin);
    }
  }

  /**
   * Creates whichever of the month's tables are missing, concurrently; returns how many it created.
   * Another loader may be creating the same tables (the mappers of one job meet the same month at
   * once): a table it created first counts as there once it is available.
   */
  public int create(Month month) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      ensureNamespace(admin);
      Map<TableName, Future<Void>> pending = new LinkedHashMap<>();
      List<TableName> raced = new ArrayList<>();
      List<TableName> unanswered = new ArrayList<>();
      for (TableName table : tablesOf(month)) {
        if (!admin.tableExists(table)) {
          try {
            pending.put(table, admin.createTableAsync(descriptor(table, month), splits(table, month)));
          } catch (TableExistsException e) {
            raced.add(table);
          } catch (SocketTimeoutException | CallTimeoutException e) {
            // The master answers once it has begun the creation; behind hundreds queued (a bulk job's
            // mappers meeting dozens of old months at once) that took longer than the RPC timeout.
            unanswered.add(table);
          }
        }
      }
      List<TableName> created = new ArrayList<>();
      for (Map.Entry<TableName, Future<Void>> creation : pending.entrySet()) {
        // The future alone polls with a growing pause (0.1, 0.2, 0.3, 0.5, 1 s...): a month took a second.
        awaitAvailable(admin, creation.getKey(), 25, 10_000);
        if (await(creation.getValue())) {
          created.add(creation.getKey());
        }
      }
      awaitCreatedOutOfSight(admin, unanswered, "the master did not answer the request to create it in time");
      created.addAll(unanswered);
      awaitCreatedOutOfSight(admin, raced, "another loader is creating it");
      // Loaders write only once all of a month's tables exist, so tweets stored before an index table
      // was created mean the index came later, and misses them until a rebuild.
      boolean hadTweets = !created.isEmpty() && hasRows(names.tweets(month));
      for (IndexDefinition index : spec.indexes()) {
        boolean late = hadTweets && created.contains(names.index(index.name(), month));
        catalog.register(index.name(), month, index, late);
      }
      return created.size();
    }
  }

  /** Every month that has at least one table, with its tables. */
  public SortedMap<Month, List<TableName>> list() throws IOException {
    SortedMap<Month, List<TableName>> months = new TreeMap<>();
    try (Admin admin = connection.getAdmin()) {
      if (!namespaceExists(admin)) {
        return months;
      }
      for (TableName table : admin.listTableNamesByNamespace(names.namespace())) {
        names.monthOf(table).ifPresent(m -> months.computeIfAbsent(m, k -> new ArrayList<>()).add(table));
      }
    }
    months.values().forEach(tables -> tables.sort(null));
    return months;
  }

  /**
   * Drops every table of the month, index tables of indexes no longer specified and every revision
   * included, forgets the month's indexes in the catalog, and moves every hour of the month on in the
   * counts table (tweets loaded into the month again must be counted again).
   */
  public int drop(Month month) throws IOException {
    List<TableName> tables = list().getOrDefault(month, List.of());
    try (Admin admin = connection.getAdmin()) {
      for (TableName table : tables) {
        drop(admin, table);
      }
    }
    for (MonthIndex entry : catalog.list()) {
      if (entry.month().equals(month)) {
        catalog.remove(entry.index(), month);
      }
    }
    WrittenHours all = new WrittenHours();
    all.addMonth(month);
    all.bump(connection, names);
    return tables.size();
  }

  /** Creates one table of a month's index: a revision that a rebuild fills. */
  public void createIndexTable(TableName table) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableLayout.index(table), TableLayout.indexSplits(regionsPerTable));
    }
  }

  /** Drops one table, if it is there. */
  public void dropTable(TableName table) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      if (admin.tableExists(table)) {
        drop(admin, table);
      }
    }
  }

  private static void drop(Admin admin, TableName table) throws IOException {
    if (admin.isTableEnabled(table)) {
      admin.disableTable(table);
    }
    admin.deleteTable(table);
  }

  private TableDescriptor descriptor(TableName table, Month month) {
    if (table.equals(names.tweets(month))) {
      return TableLayout.tweets(table);
    }
    if (table.equals(names.users(month))) {
      return TableLayout.users(table);
    }
    return TableLayout.index(table);
  }

  /** The layout a table of this store gets when created now: a month's table, or one the months share. */
  TableDescriptor layoutOf(TableName table) {
    if (table.equals(names.deletions())) {
      return TableLayout.deletions(table);
    }
    if (table.equals(names.indexCatalog())) {
      return TableLayout.indexCatalog(table);
    }
    if (table.equals(names.counts())) {
      return TableLayout.counts(table);
    }
    if (table.equals(names.ids())) {
      return TableLayout.ids(table);
    }
    Month month = names.monthOf(table).orElseThrow(() -> new IllegalArgumentException(table + " is not one of this store's tables"));
    return descriptor(table, month);
  }

  /** The tables the months share, in this store. */
  List<TableName> sharedTables() {
    return names.platform() == Platform.BLUESKY
        ? List.of(names.deletions(), names.indexCatalog(), names.counts(), names.ids())
        : List.of(names.deletions(), names.indexCatalog(), names.counts());
  }

  private byte[][] splits(TableName table, Month month) {
    if (table.equals(names.tweets(month))) {
      return TableLayout.tweetSplits(month, regionsPerTable);
    }
    if (table.equals(names.users(month))) {
      return TableLayout.userSplits(regionsPerTable);
    }
    return TableLayout.indexSplits(regionsPerTable);
  }

  /**
   * Creates the namespace and the tables the months share once. Months are created concurrently: a
   * creator that merely saw another's creation under way (NamespaceExistException) could go on to
   * create tables before the namespace was usable, so creation is serialized here, and waits when
   * another process is creating it.
   */
  private void ensureNamespace(Admin admin) throws IOException {
    if (namespaceReady) {
      return;
    }
    synchronized (this) {
      if (namespaceReady) {
        return;
      }
      if (!namespaceExists(admin)) {
        try {
          admin.createNamespace(NamespaceDescriptor.create(names.namespace()).build());
        } catch (NamespaceExistException raced) {
          awaitNamespace(admin);
        }
      }
      for (TableName shared : sharedTables()) {
        createShared(admin, layoutOf(shared));
      }
      namespaceReady = true;
    }
  }

  private boolean hasRows(TableName table) throws IOException {
    try (Table t = connection.getTable(table);
         ResultScanner rows = t.getScanner(new Scan().setOneRowLimit().setFilter(new FirstKeyOnlyFilter()))) {
      return rows.next() != null;
    }
  }

  private static void createShared(Admin admin, TableDescriptor table) throws IOException {
    if (!admin.tableExists(table.getTableName())) {
      try {
        admin.createTable(table);
      } catch (TableExistsException raced) {
        // another loader created it first
      }
    }
  }

  private void awaitNamespace(Admin admin) throws IOException {
    long deadline = System.currentTimeMillis() + 60_000;
    while (!namespaceExists(admin)) {
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("namespace " + names.namespace() + " is being created elsewhere but never appeared");
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted waiting for namespace " + names.namespace(), e);
      }
    }
  }

  boolean namespaceExists(Admin admin) throws IOException {
    for (NamespaceDescriptor ns : admin.listNamespaceDescriptors()) {
      if (ns.getName().equals(names.namespace())) {
        return true;
      }
    }
    return false;
  }

  /** Whether this call created the table (false: another creator did). */
  private static boolean await(Future<Void> creation) throws IOException {
    try {
      creation.get();
      return true;
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TableExistsException)) {
        throw new IOException("could not create table", e.getCause());
      }
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while creating tables", e);
    }
  }

  /** Waits for tables whose creation this loader did not see through; fails on the first still missing. */
  private static void awaitCreatedOutOfSight(Admin admin, List<TableName> tables, String why) throws IOException {
    for (TableName table : tables) {
      if (!awaitAvailable(admin, table, 100, BUSY_MASTER_WAIT_MILLIS)) {
        throw new IOException("table " + table + " did not become available within " + BUSY_MASTER_WAIT_MILLIS / 1000
            + " s (" + why + ")");
      }
    }
  }

  /** Whether the table became available (all its regions open) within {@code timeoutMillis}. */
  private static boolean awaitAvailable(Admin admin, TableName table, long pauseMillis, long timeoutMillis)
      throws IOException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (!isAvailable(admin, table)) {
      if (System.currentTimeMillis() > deadline) {
        return false;
      }
      try {
        Thread.sleep(pauseMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted waiting for table " + table, e);
      }
    }
    return true;
  }

  private static boolean isAvailable(Admin admin, TableName table) throws IOException {
    try {
      return admin.isTableAvailable(table);
    } catch (TableNotFoundException notYet) { // its creation has not reached the meta table
      return false;
    }
  }
}
