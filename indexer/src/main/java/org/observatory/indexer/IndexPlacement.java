package org.observatory.indexer;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hbase.TableName;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.TableNames;

/**
 * Which tables a month's entries of an index go to, and by which definition: usually the month's one
 * index table; while a rebuild runs, its new revision too, by the rebuild's definition. Worked out once
 * per batch of tweets, at the edge, so that indexing a tweet reads nothing.
 */
@FunctionalInterface
public interface IndexPlacement {
  /**
   * Where the entries of tweets of these months go.
   *
   * @throws IOException when where they go cannot be read
   */
  Placed place(Set<Month> months) throws IOException;

  /** @param definition the definition to index by, or null for the indexer's own */
  record Target(TableName table, IndexDefinition definition) {}

  /** A placement worked out for some months: a lookup per tweet. */
  @FunctionalInterface
  interface Placed {
    /** @throws IllegalArgumentException for a month it was not worked out for */
    List<Target> targets(String index, Month month);
  }

  /**
   * Always the first revision, by the indexer's own definition: where no catalog is consulted. Each
   * index's and month's target is made once: naming its table (a name built and checked) took 8 % of
   * a dry run's indexing.
   */
  static IndexPlacement firstRevision(TableNames names) {
    Map<String, Map<Month, List<Target>>> targets = new ConcurrentHashMap<>();
    return months -> (index, month) -> targets.computeIfAbsent(index, i -> new ConcurrentHashMap<>())
        .computeIfAbsent(month, m -> List.of(new Target(names.index(index, m), null)));
  }
}
