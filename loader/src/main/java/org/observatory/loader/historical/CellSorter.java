package org.observatory.loader.historical;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A bulk load's cells sorted in this JVM, table by table, without MapReduce's shuffle: they are held
 * in memory up to a budget; beyond it each table's cells are sorted and spilled to a run file of their
 * own (zstd at its fastest level); at the end the cells still held are sorted and merged with each
 * table's runs, from memory, into its {@link RegionHFileWriter}. Tables are sorted and written in
 * parallel, the largest merged in two halves.
 * Of equal cells (the same snapshot of a tweet twice) the first added stays, as in the reducers.
 */
final class CellSorter {
  private static final int RUN_LEVEL = 1;
  private static final int BUFFER = 1 << 16;
  private static final long PROGRESS_WORK = 4 << 20;
  /**
   * What merging and writing a cell costs beside its bytes, in bytes: six real-weight days merged a
   * megabyte of JSON in about 10 ms and a cell in about 1.3 us, so that counted in bytes alone the share
   * of the sort ran ahead of its time (37 % ten seconds into a minute) and could not tell the time left.
   */
  private static final long CELL_WORK = 128;
  /** Writes the HFiles of one of the tables. */
  interface Output {
    RegionHFileWriter open(int table) throws IOException;
  }

  private final int tables;
  private final long memoryBytes;
  private final Path runsDir;
  private final Configuration conf;
  private final ExecutorService workers;
  private List<CellArena> held;
  private long heldBytes;
  private int spills;
  /**
   * Per table: the bytes and the number of the distinct cells of its runs (at the end, the cells still
   * held among them), and the row halfway through each.
   */
  private final long[] runBytes;
  private final long[] runCells;
  private final List<List<byte[]>> runMiddles = new ArrayList<>();
  /**
   * The work of the cells merged so far ({@link #work}), repeats across runs among them, of
   * {@link #allWork} (the distinct cells of every run), counted a few megabytes at a time.
   */
  private final AtomicLong mergedWork = new AtomicLong();
  private volatile long allWork;

  /**
   * @param memoryBytes how much of the heap the held cells may take before they are spilled
   * @param runsDir where spilled runs go (removed by the load's work dir)
   * @param workers the threads that sort and write, a table at a time
   */
  CellSorter(int tables, long memoryBytes, Path runsDir, Configuration conf, ExecutorService workers) {
    this.tables = tables;
    this.memoryBytes = memoryBytes;
    this.runsDir = runsDir;
    this.conf = conf;
    this.workers = workers;
    held = emptyTables();
    runBytes = new long[tables];
    runCells = new long[tables];
    for (int t = 0; t < tables; t++) {
      runMiddles.add(new ArrayList<>());
    }
  }

  /** Adds the cells of puts to one of the tables; may spill, while other callers wait. */
  synchronized void add(int table, List<Put> puts) throws IOException {
    CellArena cells = held.get(table);
    for (Put put : puts) {
      for (List<Cell> family : put.getFamilyCellMap().values()) {
        for (Cell cell : family) {
          heldBytes += cells.add(KeyValueUtil.ensureKeyValue(cell));
        }
      }
    }
    if (heldBytes > memoryBytes) {
      spill();
    }
  }

  /** How many times the held cells were spilled. */
  synchronized int spills() {
    return spills;
  }

  /** The share of the work of writing the cells into HFiles done: nothing until every cell is held or spilled. */
  double writtenShare() {
    long all = allWork;
    return all == 0 ? 0 : Math.min(1, mergedWork.get() / (double) all);
  }

  /** The work of merging and writing cells: their bytes, and what each costs beside them. */
  private static long work(long bytes, long cells) {
    return bytes + CELL_WORK * cells;
  }

  /**
   * Sorts what is held and merges it with what was spilled, into HFiles, leaving out the deleted
   * tweets' cells; the tables that wait for the tweet tables are written after them. The cells still
   * held are merged from memory, not spilled first.
   */
  synchronized void finish(Output output, DeletedCells deleted) throws IOException {
    List<CellArena> last = held;
    held = emptyTables();
    eachTable(t -> {
      CellArena arena = last.get(t);
      if (!arena.isEmpty()) {
        arena.sort();
        runBytes[t] += arena.bytes();
        runCells[t] += arena.sortedSize();
        runMiddles.get(t).add(arena.middleRow());
      }
    });
    long total = 0;
    for (int t = 0; t < tables; t++) {
      total += work(runBytes[t], runCells[t]);
    }
    allWork = total;
    List<Part> all = parts(total);
    List<Part> first = all.stream().filter(p -> !deleted.waitsForTweets(p.table())).toList();
    List<Part> then = all.stream().filter(p -> deleted.waitsForTweets(p.table())).toList();
    write(first, last, output, deleted);
    deleted.tweetsWritten();
    write(then, last, output, deleted);
  }

  /** Writes the parts, each merged from its table's spilled runs and the cells still held, on the workers. */
  private void write(List<Part> parts, List<CellArena> held, Output output, DeletedCells deleted) throws IOException {
    eachTask(parts.size(), i -> {
      Part part = parts.get(i);
      int table = part.table();
      List<Path> runs = runsOf(table);
      CellArena last = held.get(table);
      if (!runs.isEmpty() || !last.isEmpty()) {
        try (RegionHFileWriter writer = output.open(table)) {
          merge(runs, last, kv -> {
            if (!deleted.drops(table, kv)) {
              writer.append(kv);
            }
          }, part.from(), part.until());
        }
      }
    });
  }

  /** A table's rows from {@code from} (null: the first) until {@code until} (null: the last), to merge. */
  private record Part(int table, byte[] from, byte[] until, long work) {}

  /**
   * The merges to run, the most work first: each table whole, but a table of more than a quarter of
   * all the runs' work (the tweets' JSON, the profiles) in two halves, split at the middle of its runs'
   * middle rows, each half in files of its own, so that both threads merge and compress it.
   */
  private List<Part> parts(long allWork) {
    List<Part> all = new ArrayList<>();
    for (int t = 0; t < tables; t++) {
      List<byte[]> middles = new ArrayList<>(runMiddles.get(t));
      long work = work(runBytes[t], runCells[t]);
      if (work > allWork / 4 && !middles.isEmpty()) {
        middles.sort(Bytes.BYTES_COMPARATOR);
        byte[] split = middles.get(middles.size() / 2);
        all.add(new Part(t, null, split, work / 2));
        all.add(new Part(t, split, null, work / 2));
      } else {
        all.add(new Part(t, null, null, work));
      }
    }
    all.sort(Comparator.comparingLong(Part::work).reversed());
    return all;
  }

  private void spill() throws IOException {
    List<CellArena> cells = held;
    held = emptyTables();
    heldBytes = 0;
    int spill = spills++;
    FileSystem fs = runsDir.getFileSystem(conf);
    eachTable(t -> {
      CellArena arena = cells.get(t);
      if (!arena.isEmpty()) {
        arena.sort();
        runMiddles.get(t).add(arena.middleRow());
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(
            new ZstdOutputStream(fs.create(runFile(spill, t)), RUN_LEVEL), BUFFER))) {
          arena.writeSorted(out);
          out.writeInt(0);
        }
        runBytes[t] += arena.bytes();
        runCells[t] += arena.sortedSize();
      }
      cells.set(t, null);
    });
  }

  /** Takes cells in order. */
  interface CellOut {
    void write(KeyValue kv) throws IOException;
  }

  /** Sorted cells read a cell ahead: a spilled run, or the cells still held. */
  private abstract static class Run implements AutoCloseable {
    /** Its place in the order the cells were added: of equal cells, the earlier run's is kept. */
    final int order;
    KeyValue head;

    Run(int order) {
      this.order = order;
    }

    abstract void advance() throws IOException;

    @Override
    public void close() throws IOException {}
  }

  private static final class SpilledRun extends Run {
    private final DataInputStream in;

    SpilledRun(int order, DataInputStream in) throws IOException {
      super(order);
      this.in = in;
      advance();
    }

    @Override
    void advance() throws IOException {
      int length = in.readInt();
      head = length == 0 ? null : KeyValueUtil.create(length, in);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  private static final class HeldRun extends Run {
    private final CellArena cells;
    private int next;

    HeldRun(int order, CellArena cells) {
      super(order);
      this.cells = cells;
      advance();
    }

    @Override
    void advance() {
      head = next < cells.sortedSize() ? cells.sortedCell(next++) : null;
    }
  }

  /**
   * Merges the cells of rows from {@code from} until {@code until} (either null: no bound) of the
   * spilled runs and the sorted cells still held, added after them.
   */
  private void merge(List<Path> files, CellArena held, CellOut out, byte[] from, byte[] until) throws IOException {
    FileSystem fs = runsDir.getFileSystem(conf);
    Comparator<Run> byHead = (a, b) -> {
      int c = KeyOrder.compare(a.head, b.head);
      return c != 0 ? c : Integer.compare(a.order, b.order);
    };
    PriorityQueue<Run> heads = new PriorityQueue<>(byHead);
    List<Run> runs = new ArrayList<>();
    try {
      for (int i = 0; i < files.size(); i++) {
        runs.add(new SpilledRun(i, new DataInputStream(new BufferedInputStream(new ZstdInputStream(fs.open(files.get(i))),
            BUFFER))));
      }
      runs.add(new HeldRun(files.size(), held));
      for (Run run : runs) {
        while (from != null && run.head != null && KeyOrder.compareRow(run.head, from) < 0) {
          run.advance();
        }
        if (run.head != null && (until == null || KeyOrder.compareRow(run.head, until) < 0)) {
          heads.add(run);
        }
      }
      // The run of the least head is held out of the queue and taken from while its head stays least:
      // the runs of a row hold tweets of different days, so most cells follow one from their own run,
      // and cost one comparison rather than a poll and an add. A repeat (equal cells, the earlier run's
      // kept) can only follow a change of run, for a run holds no repeats.
      Run run = heads.poll();
      KeyValue previous = null; // the cell before, where the next may repeat it
      long taken = 0;
      while (run != null) {
        KeyValue kv = run.head;
        if (previous == null || KeyOrder.compare(previous, kv) != 0) {
          out.write(kv);
        }
        previous = kv;
        if ((taken += work(kv.getLength(), 1)) > PROGRESS_WORK) {
          mergedWork.addAndGet(taken);
          taken = 0;
        }
        run.advance();
        if (run.head == null || until != null && KeyOrder.compareRow(run.head, until) >= 0) {
          run = heads.poll();
        } else if (!heads.isEmpty() && byHead.compare(heads.peek(), run) < 0) {
          heads.add(run);
          run = heads.poll();
        } else {
          previous = null; // the same run: its next cell is no repeat
        }
      }
      mergedWork.addAndGet(taken);
    } finally {
      for (Run run : runs) {
        run.close();
      }
    }
  }

  private List<Path> runsOf(int table) throws IOException {
    FileSystem fs = runsDir.getFileSystem(conf);
    List<Path> runs = new ArrayList<>();
    for (int spill = 0; spill < spills; spill++) {
      if (fs.exists(runFile(spill, table))) {
        runs.add(runFile(spill, table));
      }
    }
    return runs;
  }

  private Path runFile(int spill, int table) {
    return new Path(new Path(runsDir, Integer.toString(spill)), Integer.toString(table));
  }

  private interface Work {
    void run(int task) throws IOException;
  }

  private void eachTable(Work work) throws IOException {
    eachTask(tables, work);
  }

  /** Runs tasks 0 to count - 1 on the workers, and waits for all of them. */
  private void eachTask(int count, Work work) throws IOException {
    List<Future<?>> done = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int task = i;
      done.add(workers.submit(() -> {
        work.run(task);
        return null;
      }));
    }
    try {
      for (Future<?> future : done) {
        future.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while sorting");
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException("sorting cells failed", e.getCause());
    }
  }

  private List<CellArena> emptyTables() {
    List<CellArena> empty = new ArrayList<>();
    for (int t = 0; t < tables; t++) {
      empty.add(new CellArena());
    }
    return empty;
  }
}
