package org.observatory.api.query.index;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.output.QueryResult;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexCatalog;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthIndex;
import org.observatory.schemas.tables.TableNames;

/**
 * Which months of a window an index can answer for, by the index catalog and the specification in
 * force: a month whose tweets were stored but whose index is missing, partial, or keyed by another
 * definition is left out and reported, never scanned for a wrong answer. Thread-safe.
 */
public final class IndexPlanner {
  /** How stale the view of the catalog may be; a rebuild keeps the tables it replaces for longer. */
  private static final long CATALOG_FRESH_MILLIS = 1_000;

  private final IndexCatalog catalog;
  private final TableCatalog tables;
  private final TableNames names;
  private final IndexSpec spec;

  IndexPlanner(IndexCatalog catalog, TableCatalog tables, TableNames names, IndexSpec spec) {
    this.catalog = catalog;
    this.tables = tables;
    this.names = names;
    this.spec = spec;
  }

  public static IndexPlanner of(org.apache.hadoop.hbase.client.Connection connection, TableNames names,
      IndexSpec spec) {
    return new IndexPlanner(new IndexCatalog(connection, names, CATALOG_FRESH_MILLIS),
        new TableCatalog(connection, names.namespace()), names, spec);
  }

  /**
   * The table to scan for a month, whether its cells hold the posters' user ids, the definition
   * whose carried fields every cell holds (null when they carry none, or not all the same), and the
   * definitions that wrote its cells (none known while a loader is creating it).
   */
  record Source(TableName table, boolean userIds, IndexDefinition carrying, List<IndexDefinition> builtBy) {
    /** Whether its cells carry every one of the fields; null asks for none. */
    boolean carries(List<String> fields) {
      return fields != null && carrying != null && carrying.cellFields().containsAll(fields);
    }
  }

  /**
   * How a query reads an index over its window: made once, so that every stretch it scans and the months
   * its answer names come from the same view of the catalog.
   *
   * @param sources the months to scan, in order
   * @param skipped the months left out, with the reason
   */
  public record Plan(String index, TimeWindow window, Map<Month, Source> sources, List<QueryResult.Skipped> skipped) {
    /** The months scanned. */
    public List<Month> months() {
      return List.copyOf(sources.keySet());
    }

    /** The plan's part for a stretch of its window: the months the stretch touches. */
    Plan within(TimeWindow stretch) {
      if (stretch.start() < window.start() || stretch.endExclusive() > window.endExclusive()) {
        throw new IllegalArgumentException(stretch + " is not within the planned window " + window);
      }
      Map<Month, Source> touched = new LinkedHashMap<>();
      sources.forEach((month, source) -> {
        if (month.startMillis() < stretch.endExclusive() && month.endMillis() > stretch.start()) {
          touched.put(month, source);
        }
      });
      List<String> names = stretch.months().stream().map(Month::toString).toList();
      return new Plan(index, stretch, touched, skipped.stream().filter(s -> names.contains(s.month())).toList());
    }
  }

  Plan plan(String index, TimeWindow window) throws IOException {
    IndexDefinition inForce = spec.index(index).orElse(null);
    Map<Month, Source> sources = new LinkedHashMap<>();
    List<QueryResult.Skipped> skipped = new ArrayList<>();
    for (Month month : window.months()) {
      if (!tables.exists(names.tweets(month)) && !tables.exists(names.index(index, month))) {
        continue; // nothing stored: a window of years holds few months with tables
      }
      Optional<MonthIndex> entry = catalog.recent(index, month);
      if (entry.isPresent()) {
        Optional<String> problem = problem(entry.get(), inForce);
        if (problem.isEmpty()) {
          sources.put(month, new Source(entry.get().table(names), carriesUserIds(entry.get()), carrying(entry.get()),
              entry.get().definitions()));
        } else {
          skipped.add(new QueryResult.Skipped(month.toString(), index, problem.get() + fix(index, month)));
        }
      } else if (tables.exists(names.index(index, month))) { // a loader is creating it
        sources.put(month, new Source(names.index(index, month), false, null, List.of()));
      } else {
        skipped.add(new QueryResult.Skipped(month.toString(), index, "the month's tweets have no " + index
            + " index" + fix(index, month)));
      }
    }
    return new Plan(index, window, sources, skipped);
  }

  /**
   * What the catalog says of one index in one month, and whether queries use it.
   *
   * @param platform whose posts the table holds: {@code twitter} or {@code bluesky}
   * @param problem why queries leave the month out, or null when they use it
   * @param userIds whether the cells hold the posters' user ids (user-post-count from the index)
   */
  public record Entry(String platform, String index, String month, int revision, String table, String builtBy, Instant builtAt,
      List<IndexDefinition> definitions, boolean partial, boolean userIds, String problem, MonthIndex.Rebuild rebuild) {}

  /** Every entry of the catalog, judged against the specification in force. */
  public List<Entry> entries() throws IOException {
    List<Entry> entries = new ArrayList<>();
    for (MonthIndex e : catalog.list()) {
      IndexDefinition inForce = spec.index(e.index()).orElse(null);
      entries.add(new Entry(names.platform().apiName(), e.index(), e.month().toString(), e.revision(), e.table(names).getNameAsString(),
          e.builtBy(), Instant.ofEpochMilli(e.builtAt()), e.definitions(), e.partial(), carriesUserIds(e),
          problem(e, inForce).orElse(null), e.rebuild()));
    }
    return entries;
  }

  /** Why the index table cannot answer exactly, if it cannot. */
  private static Optional<String> problem(MonthIndex entry, IndexDefinition inForce) {
    if (entry.partial()) {
      return Optional.of("the index was created after some of the month's tweets were stored, and lacks them");
    }
    if (inForce != null && !entry.definitions().stream().allMatch(d -> d.keysAlike(inForce))) {
      return Optional.of("the index was built by another definition than the one in force");
    }
    return Optional.empty();
  }

  /** The definition that wrote every cell, when it carries fields and every one that built the month agrees. */
  private static IndexDefinition carrying(MonthIndex entry) {
    List<IndexDefinition> built = entry.definitions();
    if (built.isEmpty() || built.get(0).carries().isEmpty() || !built.get(0).qualifiedByTweetId()) {
      return null;
    }
    return built.stream().allMatch(d -> d.cellFields().equals(built.get(0).cellFields())) ? built.get(0) : null;
  }

  private static boolean carriesUserIds(MonthIndex entry) {
    return !entry.definitions().isEmpty() && entry.definitions().stream().allMatch(d -> d.qualifiedByTweetId() && d.valuedByPoster());
  }

  private static String fix(String index, Month month) {
    return ": rebuild it with `observatory reindex --index " + index + " " + month + "`";
  }
}
