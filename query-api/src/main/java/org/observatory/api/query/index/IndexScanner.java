package org.observatory.api.query.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Deadline;
import org.observatory.api.query.IndexKey;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.output.QueryResult;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexCatalog;
import org.observatory.schemas.tables.IndexTable;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.RowKeys;
import org.observatory.schemas.tables.TableNames;

/**
 * Phase 1 of a query: scans the index rows of every key in every month of the window concurrently on
 * a bounded shared pool. Where qualifiers are tweet ids, which grow with time, each scan seeks to the
 * window's first id and stops after its last, and long windows are cut into pieces scanned at once;
 * elsewhere the window is a server-side time range (cell timestamp = tweet time).
 */
public final class IndexScanner {
  private static final int CELLS_PER_RESULT = 10_000;
  private static final int MAX_SLICES = 8;
  private static final long MIN_SLICE_MILLIS = 86_400_000;

  private final Connection connection;
  private final TableNames names;
  private final IndexCatalog indexCatalog;
  private final IndexPlanner planner;
  private final IndexSpec spec;
  private final ExecutorService pool;
  private final long timeoutMillis;
  private final long maxEntries;

  /**
   * @param maxEntries the most index entries one query may gather: its tweets are held in memory until
   *     phase 2, so this bounds the heap a query can take
   */
  public IndexScanner(Connection connection, TableNames names, IndexSpec spec, ExecutorService pool,
      long timeoutMillis, long maxEntries) {
    this.connection = connection;
    this.names = names;
    this.indexCatalog = new IndexCatalog(connection, names, 0);
    this.planner = IndexPlanner.of(connection, names, spec);
    this.spec = spec;
    this.pool = pool;
    this.timeoutMillis = timeoutMillis;
    this.maxEntries = maxEntries;
  }

  /** The months of the window the index can answer for, and the tables to read. */
  public IndexPlanner.Plan plan(String index, TimeWindow window) throws IOException {
    return planner.plan(index, window);
  }

  Connection connection() {
    return connection;
  }

  /**
   * Runs the parts on the scan pool, all within the query's time limit; their results in order.
   *
   * @param what what the parts do, for the timeout's message
   */
  <T> List<T> inParallel(List<java.util.concurrent.Callable<T>> parts, String what) throws IOException {
    List<Future<T>> running = parts.stream().map(pool::submit).toList();
    Deadline deadline = Deadline.in(timeoutMillis);
    List<T> results = new ArrayList<>();
    try {
      for (Future<T> part : running) {
        results.add(deadline.await(part, what));
      }
    } finally {
      running.forEach(f -> f.cancel(false)); // after a failure, start no more
    }
    return results;
  }

  TableNames names() {
    return names;
  }

  /** The counts table, where the {@link HourCache} keeps its hours (its caller closes it). */
  Table countsTable() throws IOException {
    return connection.getTable(names.counts());
  }

  /**
   * For each key, in order, the distinct tweets (ids and times) its index rows hold within the window,
   * planned and scanned at once: see {@link #scan(IndexPlanner.Plan, List, TimeWindow, boolean, List)}.
   */
  public IndexHits scan(String index, List<IndexKey> keys, TimeWindow window, boolean values) throws IOException {
    return scan(plan(index, window), keys, window, values, null);
  }

  /**
   * For each key, in order, the distinct tweets (ids and times) its index rows hold within a stretch of
   * the plan's window; months without an index table hold none and are not scanned, and months whose
   * index cannot answer exactly are left out, as the plan says (see {@link IndexPlanner}). The index's
   * definition says whether its cells are named by tweet ids (then each scan seeks to the stretch's ids)
   * or by other ids.
   *
   * @param values also read each cell's value (the poster's user id) in the months whose index carries
   *     them; {@link IndexHits#userIdMonths()} says which months those are
   * @param fields keep each cell's value whole in the months whose cells carry every one of them (none
   *     when null): shipping values nobody reads would cost the scan more than it saves
   */
  public IndexHits scan(IndexPlanner.Plan planned, List<IndexKey> keys, TimeWindow window, boolean values,
      List<String> fields) throws IOException {
    IndexPlanner.Plan plan = planned.within(window);
    String index = plan.index();
    boolean tweetIds = spec.index(index).map(IndexDefinition::qualifiedByTweetId).orElse(true);
    List<Month> valued = new ArrayList<>();
    Map<Month, IndexDefinition> carrying = new LinkedHashMap<>();
    List<List<Future<TweetHits>>> perKey = new ArrayList<>();
    AtomicLong entries = new AtomicLong();
    for (IndexKey key : keys) {
      List<Future<TweetHits>> scans = new ArrayList<>();
      plan.sources().forEach((month, source) -> {
        boolean cells = source.carries(fields);
        boolean withValues = values && source.userIds() || cells;
        if (values && source.userIds() && !valued.contains(month)) {
          valued.add(month);
        }
        if (cells) {
          carrying.put(month, source.carrying());
        }
        for (TimeWindow slice : slices(window, month, tweetIds)) {
          scans.add(pool.submit(() -> scanRow(index, month, source.table(), key, slice, tweetIds, withValues, cells,
              entries)));
        }
      });
      perKey.add(scans);
    }
    Deadline deadline = Deadline.in(timeoutMillis);
    List<TweetHits> hits = new ArrayList<>();
    try {
      for (List<Future<TweetHits>> scans : perKey) {
        TweetHits merged = new TweetHits();
        for (Future<TweetHits> scan : scans) {
          merged.addAll(deadline.await(scan, "the index scans"));
        }
        hits.add(merged);
      }
    } finally {
      perKey.forEach(scans -> scans.forEach(f -> f.cancel(false))); // after a failure, start no more
    }
    return new IndexHits(hits, List.copyOf(plan.sources().keySet()), valued, carrying, plan.skipped());
  }

  /**
   * The part of the window in the month, cut into pieces of time scanned concurrently: a row's cells
   * are in tweet-id order, so each piece is a seek to its own run of cells. Pieces of a day or more,
   * at most {@link #MAX_SLICES}: on 2 cores #euro2012 over 16 days (344,430 cells in one row) took
   * 181 ms in one scan, 134 ms in 2 pieces, 122 ms in 4 and 108 ms in 8, with 16 no better.
   */
  private static List<TimeWindow> slices(TimeWindow window, Month month, boolean tweetIds) {
    long from = Math.max(window.start(), month.startMillis());
    long to = Math.min(window.endExclusive(), month.endMillis());
    if (!tweetIds || to - from < 2 * MIN_SLICE_MILLIS) {
      return List.of(window);
    }
    int n = (int) Math.min(MAX_SLICES, (to - from) / MIN_SLICE_MILLIS);
    List<TimeWindow> slices = new ArrayList<>();
    long step = (to - from) / n;
    for (int i = 0; i < n; i++) {
      slices.add(new TimeWindow(from + i * step, i == n - 1 ? to : from + (i + 1) * step));
    }
    return slices;
  }

  /**
   * Phase 1's answer: hits per key; the months whose index tables were scanned, those of them whose
   * hits carry the posters' user ids, those whose hits kept their cells' carried fields (by the
   * definition that wrote them), and the months left out.
   */
  public record IndexHits(List<TweetHits> perKey, List<Month> months, List<Month> userIdMonths,
      Map<Month, IndexDefinition> carrying, List<QueryResult.Skipped> skipped) {
    /** Every tweet found under any key, once. */
    public TweetHits distinct() {
      if (perKey.size() == 1) { // one key's hits are distinct: a tweet is in one month, once per row
        return perKey.get(0);
      }
      TweetHits all = new TweetHits();
      perKey.forEach(all::addAll);
      return all.distinct();
    }
  }

  /**
   * One key's cells in one month's index table. A rebuild may retire the table a query resolved just
   * before the switch: then the scan goes to the revision now in force.
   */
  private TweetHits scanRow(String index, Month month, TableName table, IndexKey key, TimeWindow window, boolean tweetIds,
      boolean values, boolean cells, AtomicLong entries) throws IOException {
    try {
      return scanRow(table, key, window, tweetIds, values, cells, entries);
    } catch (TableNotFoundException | TableNotEnabledException e) {
      Optional<TableName> now = current(index, month);
      if (now.isPresent() && !now.get().equals(table)) {
        return scanRow(now.get(), key, window, tweetIds, values, cells, entries);
      }
      return new TweetHits(); // the month's tables were dropped
    }
  }

  /** The table of the month's index the catalog names now: a rebuild may have replaced the one planned. */
  Optional<TableName> current(String index, Month month) throws IOException {
    return indexCatalog.get(index, month).map(entry -> entry.table(names));
  }

  private TweetHits scanRow(TableName table, IndexKey key, TimeWindow window, boolean tweetIds, boolean values,
      boolean cells, AtomicLong entries) throws IOException {
    byte[] row = RowKeys.index(key.key());
    Scan scan = key.prefix() ? new Scan().setStartStopRowForPrefixScan(row)
        : new Scan().withStartRow(row, true).withStopRow(row, true);
    Optional<Filter> posted = tweetIds ? IndexTable.tweetsPostedIn(window.start(), window.endExclusive())
        : Optional.empty();
    scan.addFamily(IndexTable.FAMILY).setBatch(CELLS_PER_RESULT).setCaching(10);
    List<Filter> filters = new ArrayList<>();
    posted.ifPresent(filters::add);
    if (!values) {
      filters.add(new KeyOnlyFilter());
    }
    if (posted.isEmpty()) {
      // Only without the id range: the server checks a cell's time before any filter, and skips it one
      // by one, so the seek would never happen. The few cells of the id range's slack are cut here.
      // Without it every cell is stamped with its time (IndexTable.tweetsPostedIn says why).
      scan.setTimeRange(window.start(), window.endExclusive());
    }
    if (!filters.isEmpty()) {
      scan.setFilter(new FilterList(filters));
    }
    TweetHits hits = new TweetHits();
    try (Table t = connection.getTable(table); ResultScanner scanner = t.getScanner(scan)) {
      for (Result result : scanner) {
        if (entries.addAndGet(result.rawCells().length) > maxEntries) {
          throw new BadQueryException("the query matches more than " + maxEntries + " index entries "
              + "(query.maxPhase1Entries): narrow the window or ask for fewer memes");
        }
        for (Cell cell : result.rawCells()) {
          long createdAt = IndexTable.createdAt(cell);
          if (window.contains(createdAt)) {
            hits.add(IndexTable.qualifierId(cell), createdAt, values ? IndexTable.valueId(cell) : 0,
                cells ? CellUtil.cloneValue(cell) : null);
          }
        }
      }
      // a tweet lives in one month, so it repeats within a scan only when several rows match
      return key.prefix() ? hits.distinct() : hits;
    } catch (UncheckedIOException e) { // how the scanner's iterator reports failures
      throw e.getCause();
    }
  }
}
