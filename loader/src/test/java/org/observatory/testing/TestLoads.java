package org.observatory.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Durability;
import org.observatory.indexer.Indexer;
import org.observatory.loader.Deletions;
import org.observatory.loader.FileLoader;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.TableWriter;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;

/** Loads files into a namespace of the mini cluster the way the {@code load} command does. */
public final class TestLoads {
  private TestLoads() {}

  public static LoadSummary load(Connection connection, TableNames names, Path rejects, Path... files) throws IOException {
    IndexSpec spec = IndexSpec.defaults();
    MonthTables tables = new MonthTables(connection, names, spec.names(), 1);
    Indexer indexer = new Indexer(spec, names);
    try (TableWriter writer = new TableWriter(connection, names, tables, 4 << 20, Durability.SYNC_WAL)) {
      Deletions deletions = Deletions.open(connection, names, indexer, tables);
      return new FileLoader(indexer, writer, deletions, rejects, 2, 60).load(List.of(files));
    }
  }
}
