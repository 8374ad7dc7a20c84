package org.observatory.loader;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Table;
import org.observatory.schemas.tables.DeletionTable;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tweet.StreamItem;

/** Reads and writes the deletion table: which tweets their authors deleted. Thread-safe. */
public final class Tombstones {
  private final Connection connection;
  private final TableNames names;

  public Tombstones(Connection connection, TableNames names) {
    this.connection = connection;
    this.names = names;
  }

  /** Records the notices, durably, before any tweet they name is erased. */
  public void record(Collection<StreamItem.DeleteNotice> notices) throws IOException {
    if (notices.isEmpty()) {
      return;
    }
    List<Put> puts = new ArrayList<>(notices.size());
    notices.forEach(n -> puts.add(DeletionTable.put(n)));
    try (Table table = connection.getTable(names.deletions())) {
      table.put(puts);
    }
  }

  /** The ids among these that have been deleted: one scan that seeks from id to id. */
  public Set<Long> deletedAmong(Collection<Long> ids) throws IOException {
    if (ids.isEmpty()) {
      return Set.of();
    }
    Set<Long> deleted = new HashSet<>();
    try (Table table = connection.getTable(names.deletions());
        ResultScanner rows = table.getScanner(DeletionTable.among(ids))) {
      for (Result row : rows) {
        deleted.add(DeletionTable.tweetId(row));
      }
    }
    return deleted;
  }
}
