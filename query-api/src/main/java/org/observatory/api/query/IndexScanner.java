package org.observatory.api.query;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
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
  private final TableCatalog catalog;
  private final ExecutorService pool;
  private final long timeoutMillis;
  private final long maxEntries;

  /**
   * @param maxEntries the most index entries one query may gather: its tweets are held in memory until
   *     phase 2, so this bounds the heap a query can take
   */
  public IndexScanner(Connection connection, TableNames names, ExecutorService pool, long timeoutMillis,
      long maxEntries) {
    this.connection = connection;
    this.names = names;
    this.catalog = new TableCatalog(connection, names.namespace());
    this.pool = pool;
    this.timeoutMillis = timeoutMillis;
    this.maxEntries = maxEntries;
  }

  /** An index row, or every row starting with {@code key} when {@code prefix} is set. */
  public record Key(String key, boolean prefix) {}

  /**
   * For each key, in order, the distinct tweets (ids and times) its index rows hold within the window;
   * months without an index table hold none and are not scanned.
   */
  public IndexHits scan(String index, List<Key> keys, TimeWindow window) throws IOException {
    return scan(index, keys, window, true);
  }

  /** The same, for an index whose qualifiers are not tweet ids (user ids: the screen-name index). */
  public IndexHits scanAccounts(String index, List<Key> keys, TimeWindow window) throws IOException {
    return scan(index, keys, window, false);
  }

  private IndexHits scan(String index, List<Key> keys, TimeWindow window, boolean tweetIds) throws IOException {
    List<Month> months = new ArrayList<>();
    for (Month month : window.months()) {
      if (catalog.exists(names.index(index, month))) {
        months.add(month);
      }
    }
    List<List<Future<TweetHits>>> perKey = new ArrayList<>();
    AtomicLong entries = new AtomicLong();
    for (Key key : keys) {
      List<Future<TweetHits>> scans = new ArrayList<>();
      for (Month month : months) {
        TableName table = names.index(index, month);
        for (TimeWindow slice : slices(window, month, tweetIds)) {
          scans.add(pool.submit(() -> scanRow(table, key, slice, tweetIds, entries)));
        }
      }
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
    return new IndexHits(hits, months);
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

  /** Phase 1's answer: hits per key, and the months whose index tables were scanned. */
  public record IndexHits(List<TweetHits> perKey, List<Month> months) {
    /** Every tweet found under any key, once. */
    public TweetHits distinct() {
      if (perKey.size() == 1) { // one key's hits are distinct: a tweet is in one month, once per row
        return perKey.get(0);
      }
      TweetHits all = new TweetHits();
      perKey.forEach(all::addAll);
      return all.distinct();
    }

    /** Every tweet found under any key, once: id → creation time. */
    public Map<Long, Long> union() {
      Map<Long, Long> tweets = new HashMap<>();
      for (TweetHits h : perKey) {
        for (int i = 0; i < h.size(); i++) {
          tweets.put(h.id(i), h.time(i));
        }
      }
      return tweets;
    }
  }

  private TweetHits scanRow(TableName table, Key key, TimeWindow window, boolean tweetIds, AtomicLong entries)
      throws IOException {
    byte[] row = RowKeys.index(key.key());
    Scan scan = key.prefix() ? new Scan().setStartStopRowForPrefixScan(row)
        : new Scan().withStartRow(row, true).withStopRow(row, true);
    Optional<Filter> posted = tweetIds ? IndexTable.tweetsPostedIn(window.start(), window.endExclusive())
        : Optional.empty();
    scan.addFamily(IndexTable.FAMILY).setBatch(CELLS_PER_RESULT).setCaching(10);
    if (posted.isPresent()) {
      // Not with the time range too: the server checks a cell's time before any filter, and skips it
      // one by one, so the seek would never happen. The few cells of the filter's slack are cut here.
      scan.setFilter(new FilterList(posted.get(), new KeyOnlyFilter()));
    } else {
      scan.setTimeRange(window.start(), window.endExclusive()).setFilter(new KeyOnlyFilter());
    }
    TweetHits hits = new TweetHits();
    try (Table t = connection.getTable(table); ResultScanner scanner = t.getScanner(scan)) {
      for (Result result : scanner) {
        if (entries.addAndGet(result.rawCells().length) > maxEntries) {
          throw new BadQueryException("the query matches more than " + maxEntries + " index entries "
              + "(query.maxPhase1Entries): narrow the window or ask for fewer memes");
        }
        for (Cell cell : result.rawCells()) {
          if (window.contains(cell.getTimestamp())) {
            hits.add(IndexTable.qualifierId(cell), cell.getTimestamp());
          }
        }
      }
      // a tweet lives in one month, so it repeats within a scan only when several rows match
      return key.prefix() ? hits.distinct() : hits;
    } catch (TableNotFoundException e) {
      return hits; // dropped since the catalog listed it
    } catch (UncheckedIOException e) { // how the scanner's iterator reports the same
      if (e.getCause() instanceof TableNotFoundException) {
        return hits;
      }
      throw e.getCause();
    }
  }
}
