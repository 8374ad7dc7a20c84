package org.observatory.loader.historical;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.CombineFileSplit;
import org.observatory.indexer.Indexer;
import org.observatory.mapreduce.PrivateDirectories;
import org.observatory.loader.IndexedTweets;
import org.observatory.loader.Ingest;
import org.observatory.loader.LineIngest;
import org.observatory.loader.LoadCounters;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.RejectedLines;
import org.observatory.loader.Tombstones;
import org.observatory.loader.bluesky.PlatformIngest;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.WrittenHours;

/**
 * The whole tweet files of a split, each through an {@link Ingest} of its own: lines numbered from the
 * file's start ({@link TweetFileRecordReader}), bad ones set aside beside the load's other rejects,
 * delete-notice ids and the hours written left for the driver file by file, counters published at the
 * end. Subclasses say where the puts go.
 */
abstract class TweetFileMapper<K, V> extends Mapper<FileLine, Text, K, V> {
  private static final int PROGRESS_LINES = 1_000;
  private Connection connection;
  private TableNames names;
  private MonthTables monthTables;
  private Indexer indexer;
  private Ingest.Sink sink;
  private CombineFileSplit files;
  private final List<RejectedLines> rejects = new ArrayList<>();
  /** The file being read, by its place in the split, and its ingest (-1 and null before the first line). */
  private int file = -1;
  private LineIngest ingest;
  private PlatformIngest ingests;
  private LoadCounters counters;
  private Counter tweetsSoFar;
  private long tweetsCounted;

  @Override
  protected void setup(Context context) throws IOException {
    JobConf job = new JobConf(context.getConfiguration());
    connection = ConnectionFactory.createConnection(context.getConfiguration());
    LoaderKit kit = job.kit(connection);
    names = kit.names();
    indexer = kit.indexer();
    monthTables = kit.monthTables();
    ingests = PlatformIngest.of(kit);
    files = (CombineFileSplit) context.getInputSplit();
    for (Path input : files.getPaths()) { // each begun anew, an empty file's too
      rejects.add(rejectsOf(input, job.rejectsDir(), context.getConfiguration()));
    }
    counters = new LoadCounters();
    sink = sink(context);
    tweetsSoFar = context.getCounter(LoadProgress.GROUP, LoadProgress.TWEETS);
  }

  /** Where the input's malformed lines go: a file of the load's rejects directory, begun anew. */
  static RejectedLines rejectsOf(Path input, Path rejectsDir, Configuration conf) throws IOException {
    Path rejected = new Path(rejectsDir, RejectedLines.fileName(input.getName()));
    FileSystem fs = rejected.getFileSystem(conf);
    fs.delete(rejected, false);
    String inputName = "file".equals(input.toUri().getScheme()) ? input.toUri().getPath() : input.toString();
    return new RejectedLines(inputName, () -> {
      PrivateDirectories.create(fs, rejectsDir);
      return fs.create(rejected, true);
    });
  }

  /** Where this mode's puts go. */
  abstract Ingest.Sink sink(Context context) throws IOException;

  @Override
  protected void map(FileLine at, Text line, Context context) throws IOException {
    if (at.file() != file) {
      finishFile(context);
      file = at.file();
      ingest = ingests.open(indexer, new Tombstones(connection, names), counters, sink, new IndexedTweets(), true);
    }
    ingest.line(at.number(), line.toString(), rejects.get(file));
    if (at.number() % PROGRESS_LINES == 0) {
      countTweetsSoFar();
    }
  }

  /** Writes what is left of the file read so far, and what the driver needs of it. */
  private void finishFile(Context context) throws IOException {
    if (ingest == null) {
      return;
    }
    ingest.flush();
    rejects.get(file).close(); // a split may hold hundreds of small files
    ingest.countRepeats();
    countTweetsSoFar();
    String input = files.getPath(file).getName();
    writeDeleted(context, input, ingest.drainDeleted());
    writeHours(context, input, ingest.drainWrittenHours());
  }

  /** Tweets read so far, for the load's progress (the load's own counters are published at the end). */
  private void countTweetsSoFar() {
    long now = counters.tweets();
    tweetsSoFar.increment(now - tweetsCounted);
    tweetsCounted = now;
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    try {
      finishFile(context);
      finish(context);
      JobCounters.publish(counters, context);
    } finally {
      for (RejectedLines set : rejects) {
        set.close();
      }
      connection.close();
    }
  }

  /** Anything the mode must send before the task ends. */
  void finish(Context context) throws IOException {}

  Connection connection() {
    return connection;
  }

  TableNames names() {
    return names;
  }

  MonthTables monthTables() {
    return monthTables;
  }

  /** One id per line. */
  private void writeDeleted(Context context, String input, List<Long> ids) throws IOException {
    if (!ids.isEmpty()) {
      Configuration conf = context.getConfiguration();
      SideFiles.write(conf, new JobConf(conf).deletedDir(), input + ".ids", out -> ids.forEach(out::println));
    }
  }

  /** The hours written, for the driver to move on once all is stored. */
  private void writeHours(Context context, String input, WrittenHours hours) throws IOException {
    if (!hours.isEmpty()) {
      Configuration conf = context.getConfiguration();
      SideFiles.write(conf, new JobConf(conf).writtenHoursDir(), input + ".hours", hours::writeTo);
    }
  }

  /** Hadoop's write throws InterruptedException; the sink speaks IOException. */
  static InterruptedIOException interrupted(InterruptedException e) {
    Thread.currentThread().interrupt();
    InterruptedIOException io = new InterruptedIOException("task interrupted");
    io.initCause(e);
    return io;
  }
}
