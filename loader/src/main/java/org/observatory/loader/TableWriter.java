package org.observatory.loader;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.observatory.indexer.TableMutation;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;

/**
 * Writes puts through one {@link BufferedMutator} per table, creating a month's tables the first time
 * a tweet of that month arrives. Thread-safe.
 */
public final class TableWriter implements Closeable {
  private final Connection connection;
  private final TableNames names;
  private final MonthTables monthTables;
  private final long bufferBytes;
  private final Durability durability;
  private final Map<TableName, BufferedMutator> mutators = new ConcurrentHashMap<>();
  private final Set<Month> readyMonths = ConcurrentHashMap.newKeySet();
  private final AtomicReference<IOException> failure = new AtomicReference<>();

  /**
   * @param durability how puts reach the write-ahead log; see {@link org.apache.hadoop.hbase.client.Durability}
   */
  public TableWriter(Connection connection, TableNames names, MonthTables monthTables, long bufferBytes,
      Durability durability) {
    this.connection = connection;
    this.names = names;
    this.monthTables = monthTables;
    this.bufferBytes = bufferBytes;
    this.durability = durability;
  }

  /** Queues the puts; a failure of earlier writes surfaces here or at {@link #flush()}. */
  public void write(List<TableMutation> mutations) throws IOException {
    throwIfFailed();
    for (TableMutation m : mutations) {
      mutator(m.table()).mutate(m.put().setDurability(durability));
    }
  }

  /** Sends everything queued and waits until HBase has it. */
  public void flush() throws IOException {
    for (BufferedMutator mutator : mutators.values()) {
      mutator.flush();
    }
    throwIfFailed();
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    for (BufferedMutator mutator : mutators.values()) {
      try {
        mutator.close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    mutators.clear();
    if (first != null) {
      throw first;
    }
    throwIfFailed();
  }

  private BufferedMutator mutator(TableName table) throws IOException {
    BufferedMutator mutator = mutators.get(table);
    if (mutator != null) {
      return mutator;
    }
    ensureMonth(names.monthOf(table).orElseThrow(() -> new IllegalArgumentException("not a month table: " + table)));
    synchronized (mutators) {
      mutator = mutators.get(table);
      if (mutator == null) {
        BufferedMutatorParams params = new BufferedMutatorParams(table)
            .writeBufferSize(bufferBytes)
            .listener(this::recordFailure);
        mutator = connection.getBufferedMutator(params);
        mutators.put(table, mutator);
      }
      return mutator;
    }
  }

  private void ensureMonth(Month month) throws IOException {
    if (readyMonths.contains(month)) {
      return;
    }
    synchronized (readyMonths) {
      if (!readyMonths.contains(month)) {
        monthTables.create(month);
        readyMonths.add(month);
      }
    }
  }

  private void recordFailure(RetriesExhaustedWithDetailsException e, BufferedMutator mutator) {
    failure.compareAndSet(null, e);
  }

  private void throwIfFailed() throws IOException {
    IOException e = failure.get();
    if (e != null) {
      throw e instanceof InterruptedIOException ? e : new IOException("writing to HBase failed: " + e.getMessage(), e);
    }
  }
}
