package org.observatory.api.query.index;

import java.io.IOException;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;

/**
 * The tables that exist in the namespace, listed with one request and kept for a few seconds, so that
 * a query plans scans only for months that have tables (a window of years may hold few of them). A
 * table not in the list is looked for again once the list is {@value #MISS_FRESH_MILLIS} ms old: a
 * load that just created a month's tables would otherwise go unseen for seconds after it ended.
 */
public final class TableCatalog {
  private static final long FRESH_MILLIS = 5_000;
  static final long MISS_FRESH_MILLIS = 200;

  private final Connection connection;
  private final String namespace;
  private Set<TableName> tables = Set.of();
  private long listedAt; // epoch millis of the last listing; 0: never listed

  public TableCatalog(Connection connection, String namespace) {
    this.connection = connection;
    this.namespace = namespace;
  }

  public synchronized boolean exists(TableName table) throws IOException {
    long age = System.currentTimeMillis() - listedAt;
    if (age > FRESH_MILLIS || age > MISS_FRESH_MILLIS && !tables.contains(table)) {
      try (Admin admin = connection.getAdmin()) {
        tables = Set.of(admin.listTableNamesByNamespace(namespace));
      } catch (org.apache.hadoop.hbase.NamespaceNotFoundException e) {
        tables = Set.of(); // nothing loaded yet
      }
      listedAt = System.currentTimeMillis();
    }
    return tables.contains(table);
  }
}
