package org.observatory.api.query.index;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.metrics.ScanMetrics;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A table in memory for fast tests of code that reads and writes cells: gets, scans (row ranges,
 * families and columns, time ranges, and filters applied as a region server applies them, cell by
 * cell), puts, increments, deletes and check-and-puts, each cell in its versions by timestamp (reads
 * see the latest in range). Counts the gets it was sent. Thread-safe: each call holds the table's lock.
 */
public final class MemoryTable implements Table {
  private final TableName name;
  /** Row → family and qualifier (joined) → timestamp, newest first → cell. */
  private final NavigableMap<byte[], NavigableMap<byte[], NavigableMap<Long, Cell>>> rows =
      new TreeMap<>(Bytes.BYTES_COMPARATOR);
  private final List<Integer> getRequests = new ArrayList<>();
  private long rowsRead;
  private boolean written;

  public MemoryTable(TableName name) {
    this.name = name;
  }

  /** The number of gets in each request, in order. */
  synchronized List<Integer> getRequests() {
    return getRequests;
  }

  /** The rows gets and scans found, all told. */
  synchronized long rowsRead() {
    return rowsRead;
  }

  /** Whether anything was ever written: a table a store would have had to create. */
  synchronized boolean written() {
    return written;
  }

  @Override
  public synchronized Result get(Get get) {
    getRequests.add(1);
    return read(get);
  }

  @Override
  public synchronized Result[] get(List<Get> gets) {
    getRequests.add(gets.size());
    return gets.stream().map(this::read).toArray(Result[]::new);
  }

  @Override
  public synchronized ResultScanner getScanner(Scan scan) {
    if (scan.isReversed() || scan.getMaxVersions() != 1) {
      throw new UnsupportedOperationException("a table in memory scans forward, the latest version of each cell");
    }
    byte[] start = scan.getStartRow();
    byte[] stop = scan.getStopRow();
    NavigableMap<byte[], NavigableMap<byte[], NavigableMap<Long, Cell>>> range = start.length == 0
        ? rows : rows.tailMap(start, scan.includeStartRow());
    if (stop.length > 0) {
      range = range.headMap(stop, scan.includeStopRow());
    }
    Filter filter = scan.getFilter();
    List<Result> results = new ArrayList<>();
    try {
      for (Map.Entry<byte[], NavigableMap<byte[], NavigableMap<Long, Cell>>> row : range.entrySet()) {
        List<Cell> cells = latest(row.getValue(), scan.getFamilyMap(), scan.getTimeRange());
        if (filter != null) {
          if (filter.filterAllRemaining()) {
            break;
          }
          cells = filtered(filter, cells);
        }
        if (!cells.isEmpty()) {
          results.add(Result.create(cells));
        }
      }
      rowsRead += results.size();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return scanner(results.iterator());
  }

  @Override
  public ResultScanner getScanner(byte[] family) {
    return getScanner(new Scan().addFamily(family));
  }

  @Override
  public synchronized void put(Put put) {
    written = true;
    long now = System.currentTimeMillis();
    put.getFamilyCellMap().values().forEach(cells -> cells.forEach(cell -> write(cell, now)));
  }

  @Override
  public synchronized void put(List<Put> puts) {
    puts.forEach(this::put);
  }

  @Override
  public synchronized Result increment(Increment increment) {
    written = true;
    long now = System.currentTimeMillis();
    List<Cell> after = new ArrayList<>();
    increment.getFamilyCellMap().values().forEach(cells -> cells.forEach(by -> {
      NavigableMap<Long, Cell> versions = versions(by);
      long before = versions.isEmpty() ? 0 : Bytes.toLong(CellUtil.cloneValue(versions.firstEntry().getValue()));
      Cell sum = new KeyValue(CellUtil.cloneRow(by), CellUtil.cloneFamily(by), CellUtil.cloneQualifier(by), now,
          Bytes.toBytes(before + Bytes.toLong(CellUtil.cloneValue(by))));
      versions.put(now, sum);
      after.add(sum);
    }));
    return Result.create(after);
  }

  @Override
  public synchronized void delete(Delete delete) {
    NavigableMap<byte[], NavigableMap<Long, Cell>> row = rows.get(delete.getRow());
    if (row == null) {
      return;
    }
    if (delete.getFamilyCellMap().isEmpty()) {
      rows.remove(delete.getRow());
      return;
    }
    for (List<Cell> marks : delete.getFamilyCellMap().values()) {
      for (Cell mark : marks) {
        erase(row, mark);
      }
    }
    row.values().removeIf(NavigableMap::isEmpty);
    if (row.isEmpty()) {
      rows.remove(delete.getRow());
    }
  }

  @Override
  public synchronized void delete(List<Delete> deletes) {
    deletes.forEach(this::delete);
  }

  /** The conditions the store's code asks: a cell is missing, or holds a value. */
  @Override
  public synchronized CheckAndMutateResult checkAndMutate(CheckAndMutate check) {
    if (check.hasFilter() || check.getCompareOp() != org.apache.hadoop.hbase.CompareOperator.EQUAL
        || !(check.getAction() instanceof Put put)) {
      throw new UnsupportedOperationException("a table in memory checks a cell's value and puts");
    }
    Result now = read(new Get(check.getRow()).addColumn(check.getFamily(), check.getQualifier()));
    byte[] value = now.getValue(check.getFamily(), check.getQualifier());
    boolean holds = check.getValue() == null ? value == null : value != null && Bytes.equals(value, check.getValue());
    if (holds) {
      put(put);
    }
    return new CheckAndMutateResult(holds, null);
  }

  private Result read(Get get) {
    if (get.getFilter() != null || get.getMaxVersions() != 1) {
      throw new UnsupportedOperationException("a table in memory gets the latest version, unfiltered");
    }
    NavigableMap<byte[], NavigableMap<Long, Cell>> row = rows.get(get.getRow());
    Result found = Result.create(row == null ? List.of() : latest(row, get.getFamilyMap(), get.getTimeRange()));
    rowsRead += found.isEmpty() ? 0 : 1;
    return found;
  }

  /** The latest version in the time range of each asked cell, in the store's order. */
  private static List<Cell> latest(NavigableMap<byte[], NavigableMap<Long, Cell>> row,
      Map<byte[], NavigableSet<byte[]>> asked, TimeRange time) {
    List<Cell> found = new ArrayList<>();
    for (NavigableMap<Long, Cell> versions : row.values()) {
      if (!asked.isEmpty() && !isAsked(asked, versions.firstEntry().getValue())) {
        continue;
      }
      versions.values().stream().filter(c -> time.withinTimeRange(c.getTimestamp())).findFirst().ifPresent(found::add);
    }
    found.sort(CellComparator.getInstance());
    return found;
  }

  /** Whether the cell's family was asked whole, or its column by name. */
  private static boolean isAsked(Map<byte[], NavigableSet<byte[]>> asked, Cell cell) {
    return asked.entrySet().stream().anyMatch(family -> CellUtil.matchingFamily(cell, family.getKey())
        && (family.getValue() == null || family.getValue().contains(CellUtil.cloneQualifier(cell))));
  }

  /** A row's cells through a filter, as a region server applies one: the row key, each cell, then the row. */
  private static List<Cell> filtered(Filter filter, List<Cell> cells) throws java.io.IOException {
    filter.reset();
    if (cells.isEmpty() || filter.filterRowKey(cells.get(0))) {
      return List.of();
    }
    List<Cell> kept = new ArrayList<>();
    for (Cell cell : cells) {
      Filter.ReturnCode code = filter.filterCell(cell);
      if (code == Filter.ReturnCode.NEXT_ROW) {
        break;
      }
      if (code == Filter.ReturnCode.INCLUDE || code == Filter.ReturnCode.INCLUDE_AND_NEXT_COL
          || code == Filter.ReturnCode.INCLUDE_AND_SEEK_NEXT_ROW) {
        kept.add(filter.transformCell(cell));
        if (code == Filter.ReturnCode.INCLUDE_AND_SEEK_NEXT_ROW) {
          break;
        }
      }
    }
    filter.filterRowCells(kept);
    return filter.hasFilterRow() && filter.filterRow() ? List.of() : kept;
  }

  private void write(Cell cell, long now) {
    long time = cell.getTimestamp() == HConstants.LATEST_TIMESTAMP ? now : cell.getTimestamp();
    versions(cell).put(time, new KeyValue(CellUtil.cloneRow(cell), CellUtil.cloneFamily(cell),
        CellUtil.cloneQualifier(cell), time, CellUtil.cloneValue(cell)));
  }

  /** Removes what a delete's mark covers: a version, a column's versions up to its time, or a family. */
  private static void erase(NavigableMap<byte[], NavigableMap<Long, Cell>> row, Cell mark) {
    long time = mark.getTimestamp();
    switch (mark.getType()) {
      case Delete -> {
        NavigableMap<Long, Cell> versions = row.get(column(mark));
        if (versions != null && !versions.isEmpty()) {
          versions.remove(time == HConstants.LATEST_TIMESTAMP ? versions.firstKey() : time);
        }
      }
      case DeleteColumn -> {
        NavigableMap<Long, Cell> versions = row.get(column(mark));
        if (versions != null) {
          versions.tailMap(time, true).clear();
        }
      }
      case DeleteFamily -> row.values().forEach(versions -> {
        if (!versions.isEmpty() && CellUtil.matchingFamily(versions.firstEntry().getValue(), mark)) {
          versions.tailMap(time, true).clear();
        }
      });
      default -> throw new UnsupportedOperationException("a table in memory does not delete by " + mark.getType());
    }
  }

  private NavigableMap<Long, Cell> versions(Cell cell) {
    return rows.computeIfAbsent(CellUtil.cloneRow(cell), r -> new TreeMap<>(Bytes.BYTES_COMPARATOR))
        .computeIfAbsent(column(cell), c -> new TreeMap<>(Collections.reverseOrder()));
  }

  /** The family and the qualifier, joined by a byte no family name holds, so that they sort as the store sorts. */
  private static byte[] column(Cell cell) {
    return Bytes.add(CellUtil.cloneFamily(cell), new byte[] {0}, CellUtil.cloneQualifier(cell));
  }

  private static ResultScanner scanner(Iterator<Result> results) {
    return new ResultScanner() {
      @Override
      public Result next() {
        return results.hasNext() ? results.next() : null;
      }

      @Override
      public void close() {}

      @Override
      public boolean renewLease() {
        return true;
      }

      @Override
      public ScanMetrics getScanMetrics() {
        return null;
      }
    };
  }

  @Override
  public TableName getName() {
    return name;
  }

  @Override
  public Configuration getConfiguration() {
    throw new UnsupportedOperationException("a table in memory has no configuration");
  }

  @Override
  public TableDescriptor getDescriptor() {
    throw new UnsupportedOperationException("a table in memory has no descriptor");
  }

  @Override
  public RegionLocator getRegionLocator() {
    throw new UnsupportedOperationException("a table in memory has no regions");
  }

  @Override
  public void close() {}
}
