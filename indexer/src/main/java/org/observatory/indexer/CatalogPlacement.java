package org.observatory.indexer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hbase.client.Connection;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexCatalog;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthIndex;
import org.observatory.schemas.tables.TableNames;

/**
 * Placement by the index catalog, as loaders need it: the revision in force, by the loader's own
 * definition, and the revision a rebuild is filling, by the rebuild's definition, so that tweets
 * loaded during a rebuild reach the new table whether or not its scan of the tweets met them. Reads
 * the catalog at most every {@link IndexCatalog#freshMillis()} ({@link #REFRESH_MILLIS} for loaders);
 * a rebuild waits longer than that before it reads the tweet tables.
 */
public final class CatalogPlacement implements IndexPlacement {
  /** How stale a loader's view of the catalog may be. */
  public static final long REFRESH_MILLIS = 5_000;

  private final IndexCatalog catalog;
  private final TableNames names;
  private final Map<String, IndexDefinition> own = new HashMap<>();
  /** The targets last worked out per index and month, with the catalog answer they came from. */
  private final Map<String, Map<Month, Placed>> placed = new ConcurrentHashMap<>();

  /** @param spec the loader's own specification, by which it writes the revisions in force */
  public CatalogPlacement(IndexCatalog catalog, TableNames names, IndexSpec spec) {
    this.catalog = catalog;
    this.names = names;
    spec.indexes().forEach(d -> own.put(d.name(), d));
  }

  /** The placement loaders use. */
  public static CatalogPlacement of(Connection connection, TableNames names, IndexSpec spec) {
    return new CatalogPlacement(new IndexCatalog(connection, names, REFRESH_MILLIS), names, spec);
  }

  @Override
  public List<Target> targets(String index, Month month) {
    Optional<MonthIndex> entry;
    try {
      entry = catalog.recent(index, month);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<Month, Placed> months = placed.computeIfAbsent(index, i -> new ConcurrentHashMap<>());
    Placed last = months.get(month);
    if (last != null && last.entry() == entry) { // the same answer as last time: per tweet, skip the work
      return last.targets();
    }
    List<Target> targets = place(index, month, entry);
    months.put(month, new Placed(entry, targets));
    return targets;
  }

  private List<Target> place(String index, Month month, Optional<MonthIndex> entry) {
    try {
      IndexDefinition mine = own.get(index);
      if (entry.isPresent() && mine != null && !entry.get().definitions().contains(mine)) {
        // A revision built by another definition (a rebuild after this loader started): say that this
        // loader's entries now share it, so that queries do not take its cells for what they are not.
        entry = Optional.of(catalog.register(index, month, mine, false));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (entry.isEmpty()) {
      return List.of(new Target(names.index(index, month), null));
    }
    List<Target> targets = new ArrayList<>(2);
    targets.add(new Target(entry.get().table(names), null));
    MonthIndex.Rebuild rebuild = entry.get().rebuild();
    if (rebuild != null) {
      targets.add(new Target(names.index(index, month, rebuild.revision()), rebuild.definition()));
    }
    return List.copyOf(targets);
  }

  private record Placed(Optional<MonthIndex> entry, List<Target> targets) {}
}
