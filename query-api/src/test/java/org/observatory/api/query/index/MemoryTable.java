package org.observatory.api.query.index;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A table in memory for fast tests of code that reads and writes cells: gets (whole families or
 * listed columns), puts and increments, the latest value of each cell. Counts the requests it was
 * sent. Not thread-safe.
 */
final class MemoryTable implements Table {
  private final TableName name;
  /** Row → family and qualifier (joined) → cell. */
  private final NavigableMap<byte[], NavigableMap<byte[], Cell>> rows = new TreeMap<>(Bytes.BYTES_COMPARATOR);
  private final List<Integer> getRequests = new ArrayList<>();

  MemoryTable(TableName name) {
    this.name = name;
  }

  /** The number of gets in each request, in order. */
  List<Integer> getRequests() {
    return getRequests;
  }

  @Override
  public Result get(Get get) {
    getRequests.add(1);
    return read(get);
  }

  @Override
  public Result[] get(List<Get> gets) {
    getRequests.add(gets.size());
    return gets.stream().map(this::read).toArray(Result[]::new);
  }

  @Override
  public void put(Put put) {
    put.getFamilyCellMap().values().forEach(cells -> cells.forEach(this::write));
  }

  @Override
  public void put(List<Put> puts) {
    puts.forEach(this::put);
  }

  @Override
  public Result increment(Increment increment) {
    List<Cell> now = new ArrayList<>();
    increment.getFamilyCellMap().values().forEach(cells -> cells.forEach(by -> {
      Cell before = cells(by).get(column(by));
      long value = (before == null ? 0 : Bytes.toLong(CellUtil.cloneValue(before))) + Bytes.toLong(CellUtil.cloneValue(by));
      Cell after = new KeyValue(CellUtil.cloneRow(by), CellUtil.cloneFamily(by), CellUtil.cloneQualifier(by),
          Bytes.toBytes(value));
      write(after);
      now.add(after);
    }));
    return Result.create(now);
  }

  private Result read(Get get) {
    NavigableMap<byte[], Cell> row = rows.getOrDefault(get.getRow(), new TreeMap<>(Bytes.BYTES_COMPARATOR));
    List<Cell> found = new ArrayList<>();
    for (Map.Entry<byte[], java.util.NavigableSet<byte[]>> family : get.getFamilyMap().entrySet()) {
      for (Cell cell : row.values()) {
        boolean inFamily = CellUtil.matchingFamily(cell, family.getKey());
        boolean asked = family.getValue() == null || family.getValue().contains(CellUtil.cloneQualifier(cell));
        if (inFamily && asked) {
          found.add(cell);
        }
      }
    }
    found.sort(CellComparator.getInstance());
    return Result.create(found);
  }

  private void write(Cell cell) {
    cells(cell).put(column(cell), new KeyValue(CellUtil.cloneRow(cell), CellUtil.cloneFamily(cell),
        CellUtil.cloneQualifier(cell), CellUtil.cloneValue(cell)));
  }

  private NavigableMap<byte[], Cell> cells(Cell cell) {
    return rows.computeIfAbsent(CellUtil.cloneRow(cell), r -> new TreeMap<>(Bytes.BYTES_COMPARATOR));
  }

  private static byte[] column(Cell cell) {
    return Bytes.add(CellUtil.cloneFamily(cell), new byte[] {0}, CellUtil.cloneQualifier(cell));
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
