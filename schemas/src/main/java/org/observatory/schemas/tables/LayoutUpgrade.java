package org.observatory.schemas.tables;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * Brings tables an earlier build created to the layout new ones get ({@link TableLayout}): a table
 * keeps the family settings of the day it was created (codec, block size and encoding, in-memory
 * compaction, when its files compact) until they are changed here, and a store may lack a table the
 * months share, which is created. A family is replaced only where its settings differ, in one online
 * modification a table (its regions reopen), and no cell is touched; families the layout lacks stay.
 * Files already written keep their codec and encoding until compacted, which {@link #compact} asks
 * for and waits out.
 */
public final class LayoutUpgrade {
  private static final long COMPACTION_POLL_MILLIS = 500;

  private final Connection connection;
  private final MonthTables monthTables;

  public LayoutUpgrade(Connection connection, MonthTables monthTables) {
    this.connection = connection;
    this.monthTables = monthTables;
  }

  /** Brings every table of the month to the layout; returns those that changed. */
  public List<TableName> month(Month month) throws IOException {
    return apply(monthTables.list().getOrDefault(month, List.of()));
  }

  /**
   * Creates whichever of the tables the months share (deletions, catalog, counts) are missing, since
   * a store an earlier build made may lack one, and brings the others to the layout; returns those
   * created or changed.
   */
  public List<TableName> shared() throws IOException {
    List<TableName> created = new ArrayList<>();
    try (Admin admin = connection.getAdmin()) {
      if (!monthTables.namespaceExists(admin)) {
        return List.of(); // an empty store: its first load creates everything
      }
      for (TableName table : monthTables.sharedTables()) {
        if (!admin.tableExists(table)) {
          admin.createTable(monthTables.layoutOf(table));
          created.add(table);
        }
      }
    }
    List<TableName> touched = new ArrayList<>(created);
    touched.addAll(apply(monthTables.sharedTables().stream().filter(t -> !created.contains(t)).toList()));
    return touched;
  }

  /**
   * Major-compacts the tables, telling each as it is done. All are asked at once, so that the region
   * servers' compaction threads take them up as they can.
   */
  public void compact(List<TableName> tables, Consumer<TableName> compacted) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      for (TableName table : tables) {
        admin.majorCompact(table); // a user's request picks its files at once, so the state shows it
      }
      for (TableName table : tables) {
        while (admin.getCompactionState(table) != CompactionState.NONE) {
          pause();
        }
        compacted.accept(table);
      }
    }
  }

  private List<TableName> apply(List<TableName> tables) throws IOException {
    List<TableName> changed = new ArrayList<>();
    try (Admin admin = connection.getAdmin()) {
      for (TableName table : tables) {
        if (!admin.tableExists(table)) {
          continue;
        }
        TableDescriptor existing = admin.getDescriptor(table);
        TableDescriptorBuilder upgraded = TableDescriptorBuilder.newBuilder(existing);
        boolean differs = false;
        for (ColumnFamilyDescriptor family : monthTables.layoutOf(table).getColumnFamilies()) {
          ColumnFamilyDescriptor now = existing.getColumnFamily(family.getName());
          if (now == null) {
            upgraded.setColumnFamily(family);
            differs = true;
          } else if (ColumnFamilyDescriptor.COMPARATOR.compare(now, family) != 0) {
            upgraded.modifyColumnFamily(family);
            differs = true;
          }
        }
        if (differs) {
          admin.modifyTable(upgraded.build());
          changed.add(table);
        }
      }
    }
    return changed;
  }

  private static void pause() throws InterruptedIOException {
    try {
      Thread.sleep(COMPACTION_POLL_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted waiting for a compaction");
    }
  }
}
