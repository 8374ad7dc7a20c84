package org.observatory.loader;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;

/**
 * Writes puts through one {@link BufferedMutator} per table. The first puts of a month start the
 * creation of its tables in the background and wait for it there, so that the tweets of the month
 * being loaded never wait for the tables of an old original's month. A writer that keeps up with a
 * stream also creates the month after the newest it has written, so that a month's first tweets find
 * their tables ready. Writes may come from several threads, but a {@link #flush()} does not wait for
 * puts another thread's write has already sent on their way: a caller that must know its puts are
 * stored flushes a writer no other thread writes to meanwhile.
 */
public final class TableWriter implements Closeable {
  private static final int CREATION_THREADS = 8;
  /** Per table, HBase's default write buffer, as the historical loads held through its output formats. */
  private static final long HISTORICAL_BUFFER_BYTES = 2L << 20;

  private final Connection connection;
  private final MonthTables monthTables;
  private final long bufferBytes;
  private final Durability durability;
  private final boolean createNextMonthAhead;
  private volatile Month newest;
  private final Map<TableName, BufferedMutator> mutators = new ConcurrentHashMap<>();
  private final Map<Month, CompletableFuture<Void>> months = new ConcurrentHashMap<>();
  private final List<CompletableFuture<Void>> deferred = new ArrayList<>();
  private final ExecutorService creation = Executors.newFixedThreadPool(CREATION_THREADS, r -> {
    Thread t = new Thread(r, "month-tables");
    t.setDaemon(true);
    return t;
  });
  private final AtomicReference<Throwable> failure = new AtomicReference<>();

  /**
   * @param durability how puts reach the write-ahead log; see {@link Durability}
   * @param createNextMonthAhead whether to create the month after the newest written, in the background
   */
  public TableWriter(Connection connection, MonthTables monthTables, long bufferBytes, Durability durability,
      boolean createNextMonthAhead) {
    this.connection = connection;
    this.monthTables = monthTables;
    this.bufferBytes = bufferBytes;
    this.durability = durability;
    this.createNextMonthAhead = createNextMonthAhead;
  }

  /**
   * The writer of a historical load's task: its months' tables are created when first met, since a
   * load's months come from its files rather than from the clock.
   */
  public static TableWriter forHistoricalLoad(Connection connection, MonthTables monthTables) {
    return new TableWriter(connection, monthTables, HISTORICAL_BUFFER_BYTES, Durability.SYNC_WAL, false);
  }

  /** Queues puts per table; a failure of earlier writes surfaces here or at {@link #flush()}. */
  public void write(List<TablePuts> puts) throws IOException {
    throwIfFailed();
    if (createNextMonthAhead) {
      puts.stream().map(TablePuts::month).max(Month::compareTo).ifPresent(this::createAfter);
    }
    for (TablePuts e : puts) {
      TableName table = e.table();
      List<Put> tablePuts = e.puts();
      tablePuts.forEach(p -> p.setDurability(durability));
      CompletableFuture<Void> ready = monthReady(e.month());
      if (ready.isDone() && !ready.isCompletedExceptionally()) {
        mutator(table).mutate(tablePuts);
      } else {
        CompletableFuture<Void> write = ready.thenRunAsync(() -> mutateUnchecked(table, tablePuts), creation);
        write.whenComplete((ok, error) -> recordFailure(error));
        synchronized (deferred) {
          deferred.add(write);
        }
      }
    }
  }

  /** Waits for pending table creations and deferred writes, then sends everything queued. */
  public void flush() throws IOException {
    List<CompletableFuture<Void>> waiting;
    synchronized (deferred) {
      waiting = new ArrayList<>(deferred);
      deferred.clear();
    }
    try {
      CompletableFuture.allOf(waiting.toArray(CompletableFuture[]::new)).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted waiting for table creation");
    } catch (ExecutionException e) {
      recordFailure(e.getCause());
    }
    throwIfFailed();
    for (BufferedMutator mutator : mutators.values()) {
      mutator.flush();
    }
    throwIfFailed();
  }

  @Override
  public void close() throws IOException {
    try {
      flush();
    } finally {
      creation.shutdownNow();
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
    }
  }

  /** Starts creating the month after {@code month} if that is the newest yet; nothing waits for it. */
  private void createAfter(Month month) {
    if (newest == null || month.compareTo(newest) > 0) {
      newest = month;
      monthReady(month.next());
    }
  }

  private CompletableFuture<Void> monthReady(Month month) {
    return months.computeIfAbsent(month, m -> CompletableFuture.runAsync(() -> {
      try {
        monthTables.create(m);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }, creation));
  }

  private void mutateUnchecked(TableName table, List<Put> puts) {
    try {
      mutator(table).mutate(puts);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private BufferedMutator mutator(TableName table) throws IOException {
    BufferedMutator mutator = mutators.get(table);
    if (mutator != null) {
      return mutator;
    }
    synchronized (mutators) {
      mutator = mutators.get(table);
      if (mutator == null) {
        BufferedMutatorParams params = new BufferedMutatorParams(table)
            .writeBufferSize(bufferBytes)
            .listener((e, m) -> recordFailure(e));
        mutator = connection.getBufferedMutator(params);
        mutators.put(table, mutator);
      }
      return mutator;
    }
  }

  private void recordFailure(Throwable error) {
    if (error != null) {
      failure.compareAndSet(null, error instanceof CompletionException && error.getCause() != null ? error.getCause() : error);
    }
  }

  private void throwIfFailed() throws IOException {
    Throwable e = failure.get();
    if (e instanceof UncheckedIOException u) {
      e = u.getCause();
    }
    if (e instanceof InterruptedIOException io) {
      throw io;
    }
    if (e != null) {
      throw new IOException("writing to HBase failed: " + e.getMessage(), e);
    }
  }
}
