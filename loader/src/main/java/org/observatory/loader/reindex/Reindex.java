package org.observatory.loader.reindex;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.MultiTableOutputFormat;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.observatory.loader.LoaderKit;
import org.observatory.mapreduce.JobRunner;
import org.observatory.mapreduce.WorkDir;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexCatalog;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthIndex;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.TweetTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds indexes from the months' tweet tables with a MapReduce job; the raw files are not read
 * again. Each index of each month is built into a new revision of its table while the old one stays
 * in force; when the job has succeeded the catalog switches to the new revisions, so readers never
 * see a half-built index, and the old tables are dropped once queries under way are done with them.
 * Loaders keep writing meanwhile: they see the rebuild in the catalog and write its revision too.
 */
public final class Reindex {
  private static final Logger LOG = LoggerFactory.getLogger(Reindex.class);

  /**
   * @param parallelTasks how many mappers the local job runner runs at once
   * @param progressSeconds how often progress is logged
   * @param writersLagMillis how long to wait, once the rebuilds are in the catalog, for every loader to
   *     have seen them before the tweet tables are read
   * @param retireAfterMillis how long the replaced tables stay for queries that resolved them before
   *     the switch
   * @param workDir where the job keeps its files while it runs, in a {@link WorkDir} of its own
   */
  public record Settings(int parallelTasks, int progressSeconds, long writersLagMillis, long retireAfterMillis,
      Path workDir) {}

  /** What a rebuild did. */
  public record Summary(List<MonthIndex> rebuilt, long tweets, long entries, long unreadable, long millis) {
    @Override
    public String toString() {
      return rebuilt.size() + " index tables from " + tweets + " tweets in " + millis / 1000.0 + " s: "
          + (millis == 0 ? tweets : tweets * 1000 / millis) + " tweets/s; entries=" + entries
          + " unreadable=" + unreadable;
    }
  }

  private final Connection connection;
  private final TableNames names;
  private final IndexSpec spec;
  private final MonthTables tables;
  private final IndexCatalog catalog;
  private final Settings settings;

  public Reindex(LoaderKit kit, Settings settings) {
    this.connection = kit.connection();
    this.names = kit.names();
    this.spec = kit.spec();
    this.tables = kit.monthTables();
    this.catalog = kit.catalog();
    this.settings = settings;
  }

  /**
   * Rebuilds the named indexes (all of the specification's when empty) for every month from
   * {@code first} to {@code last} that has tweets.
   *
   * @param restart take over rebuilds that the catalog shows under way (after a rebuild died)
   * @throws IllegalArgumentException for an index the specification lacks, or no month with tweets
   * @throws IllegalStateException when a rebuild of one of them is under way and {@code restart} is not set
   */
  public Summary run(List<String> indexes, Month first, Month last, boolean restart) throws IOException {
    long start = System.currentTimeMillis();
    List<IndexDefinition> definitions = definitions(indexes);
    List<Month> months = monthsWithTweets(first, last);
    List<MonthIndex> rebuilds = new ArrayList<>();
    Counters counters;
    try {
      for (Month month : months) {
        tables.create(month); // the tables in force, and their catalog entries
        for (IndexDefinition definition : definitions) {
          rebuilds.add(begin(definition, month, restart));
        }
      }
      pause(settings.writersLagMillis());
      counters = runJob(rebuilds, months);
    } catch (IOException | RuntimeException e) {
      abandon(rebuilds, e);
      throw e;
    }
    List<MonthIndex> rebuilt = new ArrayList<>();
    for (MonthIndex rebuild : rebuilds) {
      rebuilt.add(finish(rebuild));
    }
    pause(settings.retireAfterMillis());
    for (MonthIndex replaced : rebuilds) {
      tables.dropTable(replaced.table(names));
    }
    Summary summary = new Summary(rebuilt, counters.findCounter(ReindexMapper.Counter.TWEETS).getValue(),
        counters.findCounter(ReindexMapper.Counter.ENTRIES).getValue(),
        counters.findCounter(ReindexMapper.Counter.UNREADABLE).getValue(), System.currentTimeMillis() - start);
    LOG.info("reindex finished: {}", summary);
    return summary;
  }

  private List<IndexDefinition> definitions(List<String> indexes) {
    if (indexes.isEmpty()) {
      return spec.indexes();
    }
    List<IndexDefinition> definitions = new ArrayList<>();
    for (String index : indexes) {
      definitions.add(spec.indexes().stream().filter(d -> d.name().equals(index)).findFirst().orElseThrow(() ->
          new IllegalArgumentException("the index specification has no index '" + index + "'; it has " + spec.names())));
    }
    return definitions;
  }

  private List<Month> monthsWithTweets(Month first, Month last) throws IOException {
    if (last.compareTo(first) < 0) {
      throw new IllegalArgumentException("the last month " + last + " is before the first, " + first);
    }
    List<Month> months = new ArrayList<>();
    tables.list().forEach((month, monthTables) -> {
      if (month.compareTo(first) >= 0 && month.compareTo(last) <= 0 && monthTables.contains(names.tweets(month))) {
        months.add(month);
      }
    });
    if (months.isEmpty()) {
      throw new IllegalArgumentException("no month from " + first + " to " + last + " has tweets");
    }
    return months;
  }

  /** Creates the new revision's table and records the rebuild, which loaders then write to as well. */
  private MonthIndex begin(IndexDefinition definition, Month month, boolean restart) throws IOException {
    while (true) {
      MonthIndex entry = catalog.get(definition.name(), month).orElseThrow(() ->
          new IllegalStateException("the catalog lost index " + definition.name() + " of " + month));
      if (entry.rebuild() != null) {
        if (!restart) {
          throw new IllegalStateException("index " + definition.name() + " of " + month
              + " is already being rebuilt (revision " + entry.rebuild().revision() + "); if that rebuild died,"
              + " run reindex again with --restart");
        }
        tables.dropTable(names.index(definition.name(), month, entry.rebuild().revision()));
      }
      int revision = entry.revision() + 1;
      TableName target = names.index(definition.name(), month, revision);
      tables.dropTable(target); // left by a rebuild that died before it was recorded
      tables.createIndexTable(target);
      MonthIndex marked = entry.rebuilding(new MonthIndex.Rebuild(revision, definition, System.currentTimeMillis()));
      if (catalog.replace(entry, marked)) {
        return marked;
      }
      // a loader recorded its definition meanwhile: read the entry again
    }
  }

  private Counters runJob(List<MonthIndex> rebuilds, List<Month> months) throws IOException {
    try (WorkDir work = WorkDir.claim(connection.getConfiguration(), settings.workDir(), "reindex")) {
      return runJob(rebuilds, months, JobRunner.configure(connection.getConfiguration(), settings.parallelTasks(), work));
    }
  }

  private Counters runJob(List<MonthIndex> rebuilds, List<Month> months, Configuration conf) throws IOException {
    ReindexMapper.configure(conf, names, rebuilds);
    Job job = Job.getInstance(conf, "observatory reindex (" + rebuilds.size() + " index tables, "
        + months.size() + " months)");
    job.setJarByClass(Reindex.class);
    List<Scan> scans = new ArrayList<>();
    for (Month month : months) {
      Scan scan = TweetTable.statuses();
      scan.setAttribute(Scan.SCAN_ATTRIBUTES_TABLE_NAME, names.tweets(month).getName());
      scans.add(scan);
    }
    // Credentials, where a cluster needs them, are JobRunner's to add (an embedded store issues no tokens).
    TableMapReduceUtil.initTableMapperJob(scans, ReindexMapper.class, ImmutableBytesWritable.class,
        Mutation.class, job, false, false);
    job.setOutputFormatClass(MultiTableOutputFormat.class);
    job.setNumReduceTasks(0);
    job.setMapSpeculativeExecution(false); // its maps write to the tables themselves: a second attempt writes it all twice
    JobRunner.shipDependencies(job);
    JobRunner.run(job, 0, JobRunner.every(settings.progressSeconds(), JobRunner.logging(LOG)));
    return job.getCounters();
  }

  /** Puts the rebuilt revision in force. */
  private MonthIndex finish(MonthIndex rebuild) throws IOException {
    while (true) {
      MonthIndex entry = current(rebuild).orElseThrow(() -> new IllegalStateException("the rebuild of index "
          + rebuild.index() + " of " + rebuild.month() + " was taken over by another reindex"));
      MonthIndex rebuilt = entry.rebuilt(System.currentTimeMillis());
      if (catalog.replace(entry, rebuilt)) {
        return rebuilt;
      }
    }
  }

  /** After a failure: the old revisions stay in force, the new tables go. */
  private void abandon(List<MonthIndex> rebuilds, Exception cause) {
    for (MonthIndex rebuild : rebuilds) {
      try {
        for (Optional<MonthIndex> entry = current(rebuild); entry.isPresent(); entry = current(rebuild)) {
          if (catalog.replace(entry.get(), entry.get().rebuilding(null))) {
            break;
          }
        }
        tables.dropTable(names.index(rebuild.index(), rebuild.month(), rebuild.rebuild().revision()));
      } catch (IOException | RuntimeException e) {
        cause.addSuppressed(e);
      }
    }
  }

  /** The catalog entry, while it still shows this rebuild under way. */
  private Optional<MonthIndex> current(MonthIndex rebuild) throws IOException {
    return catalog.get(rebuild.index(), rebuild.month())
        .filter(e -> e.rebuild() != null && e.rebuild().revision() == rebuild.rebuild().revision());
  }

  private static void pause(long millis) throws InterruptedIOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("reindex interrupted");
    }
  }
}
