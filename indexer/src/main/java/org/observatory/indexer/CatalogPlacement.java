package org.observatory.indexer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
  private final Map<String, Map<Month, Worked>> worked = new ConcurrentHashMap<>();

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
  public Placed place(Set<Month> months) throws IOException {
    Map<String, Map<Month, List<Target>>> targets = new HashMap<>();
    for (String index : own.keySet()) {
      for (Month month : months) {
        targets.computeIfAbsent(index, i -> new HashMap<>()).put(month, targets(index, month));
      }
    }
    return (index, month) -> {
      List<Target> found = targets.getOrDefault(index, Map.of()).get(month);
      if (found == null) {
        throw new IllegalArgumentException("no placement of index " + index + " for " + month);
      }
      return found;
    };
  }

  private List<Target> targets(String index, Month month) throws IOException {
    Optional<MonthIndex> entry = catalog.recent(index, month);
    Map<Month, Worked> months = worked.computeIfAbsent(index, i -> new ConcurrentHashMap<>());
    Worked last = months.get(month);
    if (last != null && last.entry() == entry) { // the same answer as last time: skip the work
      return last.targets();
    }
    List<Target> targets = place(index, month, entry);
    months.put(month, new Worked(entry, targets));
    return targets;
  }

  private List<Target> place(String index, Month month, Optional<MonthIndex> entry) throws IOException {
    IndexDefinition mine = own.get(index);
    if (entry.isPresent() && mine != null && !entry.get().definitions().contains(mine)) {
      // A revision built by another definition (a rebuild after this loader started): say that this
      // loader's entries now share it, so that queries do not take its cells for what they are not.
      entry = Optional.of(catalog.register(index, month, mine, false));
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

  private record Worked(Optional<MonthIndex> entry, List<Target> targets) {}
}
