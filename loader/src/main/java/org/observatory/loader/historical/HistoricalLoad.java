package org.observatory.loader.historical;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.MultiTableBulkLoadSetup;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.observatory.mapreduce.JobRunner;
import org.observatory.mapreduce.WorkDir;
import org.observatory.loader.LoadCounter;
import org.observatory.loader.Deletions;
import org.observatory.loader.LoadCounters;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.TweetFiles;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Codecs;
import org.observatory.schemas.tables.IndexCatalog;
import org.observatory.schemas.bluesky.JetstreamParser;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.Platform;
import org.observatory.schemas.tables.MonthIndex;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.WrittenHours;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.TweetParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The historical loader: a MapReduce job over tweet files, one mapper per file, writing the month
 * tables directly or as HFiles that are then bulk-loaded; afterwards the tweets named by the files'
 * delete notices are erased, and the hours written move on in the counts table. It runs where the
 * configuration says MapReduce runs: the local job runner unless {@code mapreduce.framework.name} is
 * {@code yarn}; where that is the local runner, a bulk load reads and sorts in this JVM instead ({@link
 * InProcessBulkLoad}). Loading the same files again gives the same tables.
 */
public final class HistoricalLoad {
  private static final Logger LOG = LoggerFactory.getLogger(HistoricalLoad.class);
  private static final TweetParser PARSER = new TweetParser();
  /**
   * How a bulk load sorts its cells where MapReduce runs locally: {@code in-process} (the default) or
   * {@code mapreduce}, the job a cluster runs.
   */
  public static final String BULK_SORT = "observatory.load.bulk.sort";
  /**
   * The input (as stored, gzipped) a bulk job's reducer takes at the least: a reducer a region for a
   * large load, but a reduce task's JVM takes seconds to start on a cluster, and four days' 21 MB
   * into 48 regions spent six minutes starting reducers on two cores.
   */
  public static final String BULK_INPUT_BYTES_PER_REDUCER = "observatory.load.bulk.input.bytes.per.reducer";
  private static final long DEFAULT_BULK_INPUT_BYTES_PER_REDUCER = 64L << 20;
  /**
   * The input (as stored, gzipped) a map task reads at most, whole files combined up to it. On a cluster
   * each map task is a JVM that starts, connects and compiles the loader anew: a file a task spent most
   * of 24 generated days' ten-minute read doing that. The local runner's tasks are threads of one JVM,
   * so there each file is a task of its own unless this is set.
   */
  public static final String INPUT_BYTES_PER_MAP = "observatory.load.input.bytes.per.map";
  private static final long DEFAULT_INPUT_BYTES_PER_MAP = 64L << 20;

  private final Connection connection;
  private final LoaderKit kit;
  private final IndexCatalog catalog;
  private final IndexSpec spec;
  private final Settings settings;

  /**
   * @param workDir where each load keeps HFiles, delete-notice ids and the local runner's files while
   *     it runs (on the cluster's file system when there is one), in a {@link WorkDir} of its own
   * @param rejectsDir where malformed lines are set aside, one NDJSON file per input file
   * @param parallelTasks how many mappers (and reducers) the local job runner runs at once
   * @param progressSeconds how often progress is logged
   */
  public record Settings(LoadMode mode, Path workDir, Path rejectsDir, int parallelTasks, int progressSeconds) {}

  public HistoricalLoad(LoaderKit kit, Settings settings) {
    this.kit = kit;
    this.connection = kit.connection();
    this.catalog = kit.catalog();
    this.spec = kit.spec();
    this.settings = settings;
  }

  /** Loads the files (each a {@code .json.gz} or {@code .json} file of statuses). */
  public LoadSummary load(List<Path> files) throws IOException {
    if (kit.names().platform() == Platform.BLUESKY && files.size() > 1) {
      return oneAfterAnother(files);
    }
    long start = System.currentTimeMillis();
    try (WorkDir work = WorkDir.claim(connection.getConfiguration(), settings.workDir(), "load")) {
      return load(files, work, start);
    }
  }

  /**
   * Recorded Jetstream hours, one load each, in name (time) order: a repost finds the post it repeats
   * from an earlier hour, and each id is allocated at its name's first sighting, as the stream does
   * it, so the tables come out as the stream made them.
   */
  private LoadSummary oneAfterAnother(List<Path> files) throws IOException {
    long start = System.currentTimeMillis();
    LoadCounters counters = new LoadCounters();
    long bytes = 0;
    for (Path file : files.stream().sorted(java.util.Comparator.comparing(Path::getName)).toList()) {
      LoadSummary one = load(List.of(file));
      counters.add(one.counters());
      bytes += one.inputBytes();
    }
    return new LoadSummary(counters, files.size(), bytes, System.currentTimeMillis() - start);
  }

  private LoadSummary load(List<Path> files, WorkDir work, long start) throws IOException {
    Configuration conf = JobRunner.configure(connection.getConfiguration(), settings.parallelTasks(), work);
    new JobConf(conf).set(kit, work.path(), settings.rejectsDir());
    Deletions deletions = kit.deletions(kit.indexer(), kit.monthTables());
    long inputBytes = sizeOf(files, conf);
    FilesRead read = settings.mode() == LoadMode.BULK && sortsInProcess(conf) ? bulkInProcess(files, inputBytes, conf)
        : runJob(files, inputBytes, conf);
    LoadCounters counters = read.counters();
    // Only now: tweets stored by earlier loads, and (through MapReduce) a tweet of one file written
    // after another file's notice deleting it.
    Set<Long> erased = new HashSet<>(read.erasedIds());
    erased.addAll(erase(deletions, read.deletedIds()));
    counters.add(LoadCounter.ERASED, erased.size());
    LoadSummary summary = new LoadSummary(counters, files.size(), inputBytes, System.currentTimeMillis() - start);
    LOG.info("load finished: {}", summary);
    return summary;
  }

  private Set<Long> erase(Deletions deletions, List<Long> ids) throws IOException {
    long began = System.nanoTime();
    LOG.info("erasing whichever of the tweets {} delete notices name are stored", ids.size());
    Set<Long> erased = deletions.eraser().erase(ids, settings.parallelTasks());
    LOG.info("erased {} tweets in {} ms", erased.size(), (System.nanoTime() - began) / 1_000_000);
    return erased;
  }

  /**
   * Whether a bulk load sorts its cells in this JVM ({@link InProcessBulkLoad}) rather than through a
   * MapReduce job: where the job would run here anyway, unless {@link #BULK_SORT} says {@code mapreduce}.
   */
  private static boolean sortsInProcess(Configuration conf) {
    return JobRunner.isLocal(conf) && !"mapreduce".equals(conf.get(BULK_SORT, "in-process"));
  }

  private FilesRead bulkInProcess(List<Path> files, long inputBytes, Configuration conf) throws IOException {
    WrittenHours hours = new WrittenHours();
    try {
      Set<Month> months = firstStatusMonths(files, conf);
      List<TableName> tables = createTables(months, conf);
      List<MonthIndex> indexes = indexesOf(months);
      String name = "observatory load (bulk, " + files.size() + " files)";
      FilesRead read = new InProcessBulkLoad(kit, conf).run(files, hours, settings.parallelTasks(),
          new LoadProgress(LOG, inputBytes, true), settings.progressSeconds(), name, LOG);
      checkNoRebuild(indexes);
      bulkLoad(conf, tables, new JobConf(conf).hfilesDir());
      return read;
    } finally { // a failed load may have written some of its cells too
      hours.bump(connection, kit.names());
    }
  }

  private FilesRead runJob(List<Path> files, long inputBytes, Configuration conf) throws IOException {
    Job job = Job.getInstance(conf, "observatory load (" + settings.mode().name().toLowerCase() + ", "
        + files.size() + " files)");
    job.setJarByClass(HistoricalLoad.class);
    job.setInputFormatClass(TweetFileInputFormat.class);
    FileInputFormat.setInputPaths(job, files.toArray(Path[]::new));
    FileInputFormat.setMaxInputSplitSize(job,
        conf.getLong(INPUT_BYTES_PER_MAP, JobRunner.isLocal(conf) ? 1 : DEFAULT_INPUT_BYTES_PER_MAP));
    // A second attempt of a slow map would begin its files' rejects anew under the first one, which then
    // failed for want of its open file (so it went on the local cluster); on a busy cluster it only adds work.
    job.setMapSpeculativeExecution(false);
    List<TableName> bulkTables = List.of();
    List<MonthIndex> bulkIndexes = List.of();
    if (settings.mode() == LoadMode.BULK) {
      Set<Month> bulkMonths = firstStatusMonths(files, job.getConfiguration());
      bulkTables = prepareBulk(job, bulkMonths, inputBytes);
      bulkIndexes = indexesOf(bulkMonths);
    } else {
      job.setMapperClass(DirectLoadMapper.class);
      job.setOutputFormatClass(NullOutputFormat.class);
      job.setNumReduceTasks(0);
    }
    JobRunner.shipDependencies(job);
    WrittenHours hours = new WrittenHours();
    try {
      JobRunner.run(job, 0, JobRunner.every(settings.progressSeconds(),
          new LoadProgress(LOG, inputBytes, settings.mode() == LoadMode.BULK)));
      if (settings.mode() == LoadMode.BULK) {
        checkNoRebuild(bulkIndexes);
        bulkLoad(job.getConfiguration(), bulkTables, new JobConf(job.getConfiguration()).hfilesDir());
      }
    } finally { // a failed load may have written some of its cells too
      hours = writtenHours(conf);
      hours.bump(connection, kit.names());
    }
    return new FilesRead(JobCounters.read(job.getCounters()), deletedIds(conf), Set.of(), hours);
  }

  private static long sizeOf(List<Path> files, Configuration conf) throws IOException {
    long bytes = 0;
    for (Path file : files) {
      bytes += file.getFileSystem(conf).getFileStatus(file).getLen();
    }
    return bytes;
  }

  /** The months the files cover: the month of each file's first status. */
  private Set<Month> firstStatusMonths(List<Path> files, Configuration conf) throws IOException {
    Set<Month> months = new TreeSet<>();
    for (Path file : files) {
      firstStatusMonth(file, conf, kit.names().platform()).ifPresent(months::add);
    }
    return months;
  }

  /** Creates the tables of the months the files cover; the bulk load writes HFiles for these. */
  private List<TableName> createTables(Set<Month> months, Configuration conf) throws IOException {
    MonthTables monthTables = kit.monthTables();
    List<TableName> names = new ArrayList<>();
    for (Month month : months) {
      monthTables.create(month);
      names.addAll(monthTables.tablesOf(month));
    }
    new JobConf(conf).setBulkTables(names);
    return names;
  }

  /**
   * Creates the tables and sets the job up to write HFiles for them, partitioned by their regions into
   * as many reducers as the input's size calls for ({@link #BULK_INPUT_BYTES_PER_REDUCER}).
   */
  private List<TableName> prepareBulk(Job job, Set<Month> months, long inputBytes) throws IOException {
    List<TableName> names = createTables(months, job.getConfiguration());
    job.setMapperClass(BulkLoadMapper.class);
    job.setMapOutputKeyClass(ImmutableBytesWritable.class);
    job.setMapOutputValueClass(KeyValue.class);
    FileOutputFormat.setOutputPath(job, new JobConf(job.getConfiguration()).hfilesDir());
    if (names.isEmpty()) { // no statuses at all: nothing to sort, but the job still reads every line
      job.setNumReduceTasks(0);
      job.setOutputFormatClass(org.apache.hadoop.mapreduce.lib.output.NullOutputFormat.class);
    } else {
      MultiTableBulkLoadSetup.configure(job, connection, names);
      long perReducer = job.getConfiguration().getLong(BULK_INPUT_BYTES_PER_REDUCER, DEFAULT_BULK_INPUT_BYTES_PER_REDUCER);
      int reducers = (int) Math.min(Integer.MAX_VALUE, Math.max(1, (inputBytes + perReducer - 1) / perReducer));
      new ShuffleKeys(names).partitionByRegions(job, connection, new JobConf(job.getConfiguration()).partitionsFile(),
          reducers);
      Codecs.configure(job.getConfiguration()); // the HFile writer takes level and chunk size from the job, not the tables
      job.setReducerClass(BulkSortReducer.class);
    }
    return names;
  }

  /**
   * The catalog entries of the index tables the HFiles are for. A rebuild reads the tweet tables, where
   * this job's tweets land only at its end: a rebuild running meanwhile would miss them.
   */
  private List<MonthIndex> indexesOf(Set<Month> months) throws IOException {
    List<MonthIndex> entries = new ArrayList<>();
    for (Month month : months) {
      for (String index : spec.names()) {
        catalog.get(index, month).ifPresent(entries::add);
      }
    }
    checkNoRebuild(entries);
    return entries;
  }

  /** Refuses to land HFiles in months whose indexes are being (or were just) rebuilt. */
  private void checkNoRebuild(List<MonthIndex> atStart) throws IOException {
    for (MonthIndex entry : atStart) {
      Optional<MonthIndex> now = catalog.get(entry.index(), entry.month());
      if (now.isEmpty() || now.get().rebuild() != null || now.get().revision() != entry.revision()) {
        throw new IOException("index " + entry.index() + " of " + entry.month() + " is being rebuilt, and a bulk load"
            + " meanwhile could be missed by it: nothing was loaded; load again once the reindex is done"
            + " (loads are idempotent), or load with --mode direct");
      }
    }
  }

  private void bulkLoad(Configuration conf, List<TableName> tables, Path hfiles) throws IOException {
    FileSystem fs = hfiles.getFileSystem(conf);
    BulkLoadHFiles loader = BulkLoadHFiles.create(conf);
    for (TableName table : tables) {
      Path dir = new Path(new Path(hfiles, table.getNamespaceAsString()), table.getQualifierAsString());
      if (fs.exists(dir)) {
        loader.bulkLoad(table, dir);
      }
    }
  }

  /** The hours the mappers wrote, as they left them in {@link JobConf#writtenHoursDir()}. */
  private static WrittenHours writtenHours(Configuration conf) throws IOException {
    WrittenHours hours = new WrittenHours();
    SideFiles.readAll(conf, new JobConf(conf).writtenHoursDir(), hours::readFrom);
    return hours;
  }

  /** The ids of the delete notices the mappers read, as they left them in {@link JobConf#deletedDir()}. */
  private static List<Long> deletedIds(Configuration conf) throws IOException {
    List<Long> ids = new ArrayList<>();
    SideFiles.readAll(conf, new JobConf(conf).deletedDir(), in -> {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        ids.add(Long.parseLong(line));
      }
    });
    return ids;
  }

  private static Optional<Month> firstStatusMonth(Path file, Configuration conf, Platform platform) throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    try (BufferedReader lines = TweetFiles.lines(fs.open(file), file.getName())) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        try {
          if (platform == Platform.BLUESKY) { // a post is filed by when the network saw it
            return Optional.of(Month.of(JetstreamParser.parse(line).timeUs() / 1000));
          }
          if (PARSER.parse(line) instanceof StreamItem.Status status) {
            return Optional.of(Month.of(status.tweet().createdAt()));
          }
        } catch (MalformedTweetException e) {
          // the mapper sets it aside; keep looking
        }
      }
    }
    return Optional.empty();
  }
}
