package org.observatory.loader.historical;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.observatory.loader.IndexedTweets;
import org.observatory.loader.Ingest;
import org.observatory.loader.LineIngest;
import org.observatory.loader.LoadCounters;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.RejectedLines;
import org.observatory.loader.TablePuts;
import org.observatory.loader.TableWriter;
import org.observatory.loader.Tombstones;
import org.observatory.loader.TweetFiles;
import org.observatory.loader.bluesky.PlatformIngest;
import org.observatory.schemas.tables.Codecs;
import org.observatory.schemas.tables.WrittenHours;
import org.slf4j.Logger;

/**
 * Bulk mode where MapReduce would run in this very JVM (its local runner): the files are read on the
 * load's threads, a file each at a time, as mappers would, and their cells sorted here ({@link
 * CellSorter}) into HFiles a region each, sparing the shuffle's serializing, spilling and merging on
 * disk, twice over. Tweets of months the load made no tables for are written directly, as the mappers
 * do; those its own delete notices name are left out of the HFiles ({@link DeletedCells}). It leaves
 * its HFiles under {@link JobConf#hfilesDir()} for the driver to land.
 */
final class InProcessBulkLoad {
  /** The setting of the bytes held cells may take before they are spilled (a quarter of the heap unless set). */
  static final String SORT_MEMORY_BYTES = "observatory.load.sort.memory.bytes";
  private static final double SORT_HEAP_SHARE = 0.25;
  private static final int PROGRESS_LINES = 1_000;

  private final LoaderKit kit;
  private final PlatformIngest ingests;
  private final Configuration conf;
  private final JobConf job;
  private final List<TableName> tables;
  private final Map<TableName, Integer> places = new HashMap<>();
  private final AtomicLong bytesRead = new AtomicLong();
  private final AtomicLong tweetsRead = new AtomicLong();

  /** @param conf the load's configuration, set up by {@link JobConf#set} and naming the bulk tables */
  InProcessBulkLoad(LoaderKit kit, Configuration conf) {
    this.kit = kit;
    this.ingests = PlatformIngest.of(kit);
    this.conf = conf;
    this.job = new JobConf(conf);
    this.tables = job.bulkTables();
    for (int i = 0; i < tables.size(); i++) {
      places.put(tables.get(i), i);
    }
  }

  /**
   * Reads, sorts and writes; logs its progress under {@code name}. The hours each file wrote are added
   * to {@code hours} as it ends, so that those of a load that fails midway move on too.
   */
  FilesRead run(List<Path> files, WrittenHours hours, int threads, LoadProgress progress, int progressSeconds,
      String name, Logger log) throws IOException {
    Codecs.installInThisJvm();
    long memory = conf.getLong(SORT_MEMORY_BYTES, (long) (Runtime.getRuntime().maxMemory() * SORT_HEAP_SHARE));
    ExecutorService readers = Executors.newFixedThreadPool(threads);
    ExecutorService sorters = Executors.newFixedThreadPool(threads);
    ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor();
    long start = System.nanoTime();
    try {
      CellSorter sorter = new CellSorter(tables.size(), memory, job.runsDir(), conf, sorters);
      reporter.scheduleAtFixedRate(() -> log.info("{}: {}", name, progress.line(bytesRead.get(), tweetsRead.get(),
          sorter.writtenShare(), (System.nanoTime() - start) / 1_000_000)), progressSeconds, progressSeconds, TimeUnit.SECONDS);
      List<Future<FilesRead>> perFile = new ArrayList<>();
      for (Path file : files) {
        perFile.add(readers.submit(() -> read(file, sorter)));
      }
      LoadCounters counters = new LoadCounters();
      List<Long> deletedIds = new ArrayList<>();
      for (Future<FilesRead> one : perFile) {
        FilesRead file = await(one);
        counters.add(file.counters());
        deletedIds.addAll(file.deletedIds());
        hours.addAll(file.hours());
      }
      DeletedCells deleted = new DeletedCells(tables, kit.names(), kit.spec(), kit.indexer(), deletedIds);
      sorter.finish(this::hfileWriter, deleted);
      log.info("{}: HFiles written, the cells sorted in this JVM, spilled {} times", name, sorter.spills());
      return new FilesRead(counters, deletedIds, deleted.droppedTweets(), hours);
    } finally {
      reporter.shutdownNow();
      readers.shutdownNow();
      sorters.shutdownNow();
    }
  }

  /** One file through {@link Ingest}, as a mapper reads it. */
  private FilesRead read(Path file, CellSorter sorter) throws IOException {
    Connection connection = kit.connection();
    LoadCounters counters = new LoadCounters();
    try (RejectedLines rejects = TweetFileMapper.rejectsOf(file, job.rejectsDir(), conf);
        TableWriter direct = TableWriter.forHistoricalLoad(connection, kit.monthTables())) {
      Ingest.Sink sink = new Ingest.Sink() {
        @Override
        public void write(List<TablePuts> puts) throws IOException {
          for (TablePuts table : puts) {
            Integer place = places.get(table.table());
            if (place != null) {
              sorter.add(place, table.puts());
            } else {
              direct.write(List.of(table));
            }
          }
        }

        @Override
        public boolean mergesRows() {
          return false; // the sorter takes cells, not rows
        }
      };
      LineIngest ingest = ingests.open(kit.indexer(), new Tombstones(connection, kit.names()), counters, sink,
          new IndexedTweets(), true);
      FileSystem fs = file.getFileSystem(conf);
      long counted = 0;
      try (BufferedReader lines = TweetFiles.lines(TweetFiles.counting(fs.open(file), bytesRead), file.getName())) {
        long number = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          ingest.line(++number, line, rejects);
          if (number % PROGRESS_LINES == 0) {
            tweetsRead.addAndGet(counters.tweets() - counted);
            counted = counters.tweets();
          }
        }
      }
      ingest.flush();
      ingest.countRepeats();
      tweetsRead.addAndGet(counters.tweets() - counted);
      return new FilesRead(counters, ingest.drainDeleted(), Set.of(), ingest.drainWrittenHours());
    }
  }

  private RegionHFileWriter hfileWriter(int table) throws IOException {
    TableName name = tables.get(table);
    Connection connection = kit.connection();
    TableDescriptor descriptor;
    byte[][] starts;
    try (Admin admin = connection.getAdmin(); RegionLocator regions = connection.getRegionLocator(name)) {
      descriptor = admin.getDescriptor(name);
      starts = regions.getStartKeys();
    }
    Path dir = new Path(new Path(job.hfilesDir(), name.getNamespaceAsString()), name.getQualifierAsString());
    return new RegionHFileWriter(conf, descriptor, starts, dir, "observatory in-process bulk load");
  }

  private static <T> T await(Future<T> future) throws IOException {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while loading");
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException("loading a file failed", e.getCause());
    }
  }
}
