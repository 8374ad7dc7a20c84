package org.observatory.loader;

import java.io.IOException;
import org.apache.hadoop.hbase.client.Connection;
import org.observatory.indexer.Indexer;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;

/** What honouring delete notices takes: the tombstones that keep tweets out, the eraser that removes them. */
public record Deletions(Tombstones tombstones, TweetEraser eraser) {
  /** Creates the deletion table (and namespace) first if they are missing. */
  public static Deletions open(Connection connection, TableNames names, Indexer indexer, MonthTables monthTables)
      throws IOException {
    monthTables.ensureNamespace();
    return new Deletions(new Tombstones(connection, names), new TweetEraser(connection, names, indexer, monthTables));
  }
}
