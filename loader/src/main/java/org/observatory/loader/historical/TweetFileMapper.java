package org.observatory.loader.historical;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.observatory.indexer.Indexer;
import org.observatory.loader.IndexedTweets;
import org.observatory.loader.Ingest;
import org.observatory.loader.LoadCounters;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.RejectedLines;
import org.observatory.loader.Tombstones;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.WrittenHours;

/**
 * One whole tweet file through {@link Ingest}: lines numbered from the file's start ({@link
 * TweetFileRecordReader}), bad ones set aside beside the load's other rejects, delete-notice ids and
 * the hours written left for the driver, counters published at the end. Subclasses say where the
 * puts go.
 */
abstract class TweetFileMapper<K, V> extends Mapper<LongWritable, Text, K, V> {
  private static final int PROGRESS_LINES = 1_000;
  private Connection connection;
  private TableNames names;
  private MonthTables monthTables;
  private Ingest ingest;
  private RejectedLines rejects;
  private LoadCounters counters;
  private Path input;
  private Counter tweetsSoFar;
  private long tweetsCounted;

  @Override
  protected void setup(Context context) throws IOException {
    JobConf job = new JobConf(context.getConfiguration());
    connection = ConnectionFactory.createConnection(context.getConfiguration());
    LoaderKit kit = job.kit(connection);
    names = kit.names();
    Indexer indexer = kit.indexer();
    monthTables = kit.monthTables();
    input = ((FileSplit) context.getInputSplit()).getPath();
    rejects = rejectsOf(input, job.rejectsDir(), context.getConfiguration());
    counters = new LoadCounters();
    ingest = new Ingest(indexer, new Tombstones(connection, names), counters, sink(context), new IndexedTweets(), true);
    tweetsSoFar = context.getCounter(LoadProgress.GROUP, LoadProgress.TWEETS);
  }

  /** Where the input's malformed lines go: a file of the load's rejects directory, begun anew. */
  static RejectedLines rejectsOf(Path input, Path rejectsDir, Configuration conf) throws IOException {
    Path rejected = new Path(rejectsDir, RejectedLines.fileName(input.getName()));
    FileSystem fs = rejected.getFileSystem(conf);
    fs.delete(rejected, false);
    String inputName = "file".equals(input.toUri().getScheme()) ? input.toUri().getPath() : input.toString();
    return new RejectedLines(inputName, () -> fs.create(rejected, true));
  }

  /** Where this mode's puts go. */
  abstract Ingest.Sink sink(Context context) throws IOException;

  @Override
  protected void map(LongWritable number, Text line, Context context) throws IOException {
    ingest.line(number.get(), line.toString(), rejects);
    if (number.get() % PROGRESS_LINES == 0) {
      countTweetsSoFar();
    }
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
      ingest.flush();
      ingest.countRepeats();
      countTweetsSoFar();
      finish(context);
      writeDeleted(context, ingest.drainDeleted());
      writeHours(context, ingest.drainWrittenHours());
      JobCounters.publish(counters, context);
    } finally {
      rejects.close();
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
  private void writeDeleted(Context context, List<Long> ids) throws IOException {
    if (!ids.isEmpty()) {
      Configuration conf = context.getConfiguration();
      SideFiles.write(conf, new JobConf(conf).deletedDir(), input.getName() + ".ids", out -> ids.forEach(out::println));
    }
  }

  /** The hours written, for the driver to move on once all is stored. */
  private void writeHours(Context context, WrittenHours hours) throws IOException {
    if (!hours.isEmpty()) {
      Configuration conf = context.getConfiguration();
      SideFiles.write(conf, new JobConf(conf).writtenHoursDir(), input.getName() + ".hours", hours::writeTo);
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
