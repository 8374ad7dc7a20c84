package org.observatory.indexer;

import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.TableNames;

/**
 * Which tables a month's entries of an index go to, and by which definition: usually the month's one
 * index table; while a rebuild runs, its new revision too, by the rebuild's definition.
 */
@FunctionalInterface
public interface IndexPlacement {
  /**
   * @throws java.io.UncheckedIOException when where they go cannot be read
   */
  List<Target> targets(String index, Month month);

  /** @param definition the definition to index by, or null for the indexer's own */
  record Target(TableName table, IndexDefinition definition) {}

  /** Always the first revision, by the indexer's own definition: where no catalog is consulted. */
  static IndexPlacement firstRevision(TableNames names) {
    return (index, month) -> List.of(new Target(names.index(index, month), null));
  }
}
