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
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A bulk load's cells sorted in this JVM, table by table, without MapReduce's shuffle: they are held
 * in memory up to a budget; beyond it each table's cells are sorted and spilled to a run file of their
 * own (zstd at its fastest level); at the end each table's runs are merged, or its cells sorted if
 * nothing was spilled, into its {@link RegionHFileWriter}. Tables are sorted and written in parallel.
 * Of equal cells (the same snapshot of a tweet twice) the first added stays, as in the reducers.
 */
final class CellSorter {
  private static final int RUN_LEVEL = 1;
  private static final int BUFFER = 1 << 16;
  /**
   * HBase's order of cells, rows compared first on their bytes alone: most comparisons end there, and
   * HBase's comparator reaches them only through its generic accessors (sorting with it alone took a
   * fifth of a load's time).
   */
  static final Comparator<KeyValue> ORDER = (a, b) -> {
    int rows = Bytes.compareTo(a.getRowArray(), a.getRowOffset(), a.getRowLength(), b.getRowArray(), b.getRowOffset(),
        b.getRowLength());
    return rows != 0 ? rows : CellComparator.getInstance().compare(a, b);
  };

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
  private final AtomicInteger written = new AtomicInteger();

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

  /** The share of the tables whose HFiles are written. */
  double writtenShare() {
    return tables == 0 ? 1 : written.get() / (double) tables;
  }

  /** Sorts what is held, and merges it with what was spilled, into HFiles. */
  synchronized void finish(Output output) throws IOException {
    if (spills == 0) {
      List<CellArena> cells = held;
      held = emptyTables();
      eachTable(t -> {
        if (!cells.get(t).isEmpty()) {
          try (RegionHFileWriter out = output.open(t)) {
            cells.get(t).forEachSorted(out::append);
          }
        }
        cells.set(t, null); // let the written go
        written.incrementAndGet();
      });
      return;
    }
    spill();
    eachTable(t -> {
      List<Path> runs = runsOf(t);
      if (!runs.isEmpty()) {
        try (RegionHFileWriter out = output.open(t)) {
          merge(runs, out);
        }
      }
      written.incrementAndGet();
    });
  }

  private void spill() throws IOException {
    List<CellArena> cells = held;
    held = emptyTables();
    heldBytes = 0;
    int spill = spills++;
    FileSystem fs = runsDir.getFileSystem(conf);
    eachTable(t -> {
      if (!cells.get(t).isEmpty()) {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(
            new ZstdOutputStream(fs.create(runFile(spill, t)), RUN_LEVEL), BUFFER))) {
          cells.get(t).forEachSorted(kv -> KeyValue.write(kv, out));
          out.writeInt(0);
        }
      }
      cells.set(t, null);
    });
  }

  /** Takes cells in order. */
  interface CellOut {
    void write(KeyValue kv) throws IOException;
  }

  /** One spilled run, read a cell ahead. */
  private static final class Run implements AutoCloseable {
    final int order;
    final DataInputStream in;
    KeyValue head;

    Run(int order, DataInputStream in) throws IOException {
      this.order = order;
      this.in = in;
      advance();
    }

    void advance() throws IOException {
      int length = in.readInt();
      head = length == 0 ? null : KeyValueUtil.create(length, in);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  private void merge(List<Path> files, RegionHFileWriter out) throws IOException {
    FileSystem fs = runsDir.getFileSystem(conf);
    Comparator<Run> byHead = (a, b) -> {
      int c = ORDER.compare(a.head, b.head);
      return c != 0 ? c : Integer.compare(a.order, b.order); // the earlier spill's first, as added
    };
    PriorityQueue<Run> heads = new PriorityQueue<>(byHead);
    List<Run> runs = new ArrayList<>();
    try {
      for (int i = 0; i < files.size(); i++) {
        Run run = new Run(i, new DataInputStream(new BufferedInputStream(new ZstdInputStream(fs.open(files.get(i))), BUFFER)));
        runs.add(run);
        if (run.head != null) {
          heads.add(run);
        }
      }
      KeyValue previous = null;
      while (!heads.isEmpty()) {
        Run run = heads.poll();
        KeyValue kv = run.head;
        if (previous == null || ORDER.compare(previous, kv) != 0) {
          out.append(kv);
        }
        previous = kv;
        run.advance();
        if (run.head != null) {
          heads.add(run);
        }
      }
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

  private interface TableWork {
    void run(int table) throws IOException;
  }

  /** Runs the work for every table on the workers, and waits for all of it. */
  private void eachTable(TableWork work) throws IOException {
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < tables; t++) {
      int table = t;
      done.add(workers.submit(() -> {
        work.run(table);
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
