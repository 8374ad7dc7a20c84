package org.observatory.loader;

import java.io.IOException;
import org.apache.hadoop.hbase.client.Connection;
import org.observatory.indexer.CatalogPlacement;
import org.observatory.indexer.Indexer;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexCatalog;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.Platform;
import org.observatory.schemas.tables.TableNames;

/**
 * The store a loader writes into — a connection, a namespace, the index specification it indexes by,
 * the regions a new table is split into — and the parts every loader builds from it, built here the
 * one way: the historical load and its tasks, the streaming loader, the rebuild and the commands.
 */
public record LoaderKit(Connection connection, TableNames names, IndexSpec spec, int regionsPerTable) {
  /** The same store's kit for another platform's tables. */
  public LoaderKit of(Platform platform) {
    return new LoaderKit(connection, names.of(platform), spec, regionsPerTable);
  }

  public MonthTables monthTables() {
    return new MonthTables(connection, names, spec, regionsPerTable);
  }

  /** The index catalog, read fresh each time. */
  public IndexCatalog catalog() {
    return new IndexCatalog(connection, names, 0);
  }

  /** The indexer of this specification, placing entries by the index catalog. */
  public Indexer indexer() {
    return new Indexer(spec, names, CatalogPlacement.of(connection, names, spec));
  }

  /** Tombstones and the eraser, the deletion table created first if it is missing. */
  public Deletions deletions(Indexer indexer, MonthTables monthTables) throws IOException {
    monthTables.ensureNamespace();
    return new Deletions(new Tombstones(connection, names), new TweetEraser(connection, names, indexer, monthTables));
  }
}
