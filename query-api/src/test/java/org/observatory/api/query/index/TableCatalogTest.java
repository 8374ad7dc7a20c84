package org.observatory.api.query.index;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.UsesStore;

/** A month's tables that a load just created are queried at once, not once a cached listing expires. */
@UsesStore
class TableCatalogTest {
  private static final String NAMESPACE = "table_catalog";

  @Test
  void aTableCreatedAfterAListingIsSeenAtOnce() throws Exception {
    Connection connection = MiniHBase.connection();
    TableName table = TableName.valueOf(NAMESPACE, "index-meme-2013-08");
    TableCatalog catalog = new TableCatalog(connection, NAMESPACE);
    try (Admin admin = connection.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create(NAMESPACE).build());
      assertThat(catalog.exists(table)).isFalse();

      admin.createTable(TableDescriptorBuilder.newBuilder(table)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("i")).build());
      Thread.sleep(TableCatalog.MISS_FRESH_MILLIS + 1);

      assertThat(catalog.exists(table)).as("created a moment after the listing").isTrue();
      admin.disableTable(table);
      admin.deleteTable(table);
    }
  }
}
