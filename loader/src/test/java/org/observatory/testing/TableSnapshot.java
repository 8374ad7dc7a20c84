package org.observatory.testing;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.tables.TableNames;

/** Every cell of every table in a namespace, reduced to a cell count and digest per table. */
public final class TableSnapshot {
  private TableSnapshot() {}

  /**
   * Table name → {@link #of(Connection, TableName)} for every table of the namespace but the index
   * catalog, which records when each index was built, and the counts table, whose generations count
   * writes: two loads of the same tweets differ there.
   */
  public static Map<String, String> of(Connection connection, String namespace) throws IOException {
    Map<String, String> tables = new TreeMap<>();
    try (Admin admin = connection.getAdmin()) {
      for (TableName name : admin.listTableNamesByNamespace(namespace)) {
        TableNames names = new TableNames(namespace);
        if (!name.equals(names.indexCatalog()) && !name.equals(names.counts())) {
          tables.put(name.getNameAsString(), of(connection, name));
        }
      }
    }
    return tables;
  }

  /**
   * As {@link #of(Connection, String)}, each table by its name within the namespace, those with no cells
   * left out: two namespaces' tables compare equal when they hold the same cells.
   */
  public static Map<String, String> holding(Connection connection, String namespace) throws IOException {
    Map<String, String> tables = new TreeMap<>();
    of(connection, namespace).forEach((table, digest) -> {
      if (!digest.startsWith("cells:0 ")) {
        tables.put(table.substring(table.indexOf(':') + 1), digest);
      }
    });
    return tables;
  }

  /** "cells:N sha256:..." over (row, family, qualifier, timestamp, value) of every cell of a table. */
  public static String of(Connection connection, TableName name) throws IOException {
    MessageDigest digest = sha256();
    long cells = 0;
    try (Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(new Scan().readAllVersions())) {
      for (Result row : scanner) {
        for (Cell c : row.rawCells()) {
          digest.update(c.getRowArray(), c.getRowOffset(), c.getRowLength());
          digest.update(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
          digest.update(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
          digest.update(Bytes.toBytes(c.getTimestamp()));
          digest.update(c.getValueArray(), c.getValueOffset(), c.getValueLength());
          cells++;
        }
      }
    }
    return "cells:" + cells + " sha256:" + HexFormat.of().formatHex(digest.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
