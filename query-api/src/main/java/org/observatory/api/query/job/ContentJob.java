package org.observatory.api.query.job;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.NLineInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.observatory.api.query.ContentQuery;
import org.observatory.api.query.Meme;
import org.observatory.api.query.QueryTimeoutException;
import org.observatory.api.query.Tallies;
import org.observatory.api.query.Tally;
import org.observatory.loader.job.JobRunner;
import org.observatory.schemas.tables.TableNames;

/**
 * Phase 2 as a MapReduce job, for answers too big to fetch in the service: the tweets phase 1 found
 * go to a file that is split among the mappers; each mapper fetches its share from the months' tweet
 * tables in batched multi-gets and tallies it; the reducer merges the tallies, which the service
 * turns into the answer as it would its own. The job runs on the local job runner unless the
 * configuration names a cluster; its files live under the work directory only while it runs.
 */
public final class ContentJob {
  static final String QUERY = "observatory.query.name";
  static final String MEMES = "observatory.query.memes";
  static final String NAMESPACE = "observatory.query.namespace";

  private final Connection connection;
  private final TableNames names;
  private final Settings settings;

  /**
   * @param workDir where jobs keep the id list and the tallies while they run (a cluster path there is one)
   * @param mappers how many parts the id list is split into, and how many tasks the local runner runs at once
   */
  public record Settings(Path workDir, int mappers) {}

  /** Hears how far a job has got: 0 to 1, map and reduce counting half each. */
  @FunctionalInterface
  public interface Progress {
    Progress IGNORED = fraction -> {};

    void report(double fraction);
  }

  public ContentJob(Connection connection, TableNames names, Settings settings) {
    this.connection = connection;
    this.names = names;
    this.settings = settings;
  }

  /**
   * The merged tallies of the tweets.
   *
   * @param tweets tweet id → creation time, as phase 1 found them
   * @throws QueryTimeoutException when the job runs past the timeout (it is killed)
   */
  public Map<String, Tally> run(ContentQuery query, List<Meme> asked, Map<Long, Long> tweets, long timeoutMillis,
      Progress progress) throws IOException {
    Configuration conf = JobRunner.configure(connection.getConfiguration(), settings.mappers());
    conf.set(QUERY, query.queryName());
    conf.set(MEMES, String.join(",", asked.stream().map(Meme::text).toList()));
    conf.set(NAMESPACE, names.namespace());
    Path work = new Path(settings.workDir(), query.queryName() + "-" + UUID.randomUUID());
    FileSystem fs = work.getFileSystem(conf);
    try {
      Path ids = new Path(work, "ids");
      writeIds(fs, ids, tweets);
      Job job = Job.getInstance(conf, "observatory " + query.queryName() + " (" + tweets.size() + " tweets)");
      job.setJarByClass(ContentJob.class);
      job.setInputFormatClass(NLineInputFormat.class);
      FileInputFormat.setInputPaths(job, ids);
      NLineInputFormat.setNumLinesPerSplit(job, Math.max(1, -Math.floorDiv(-tweets.size(), settings.mappers())));
      job.setMapperClass(FetchTallyMapper.class);
      job.setCombinerClass(TallyReducer.class);
      job.setReducerClass(TallyReducer.class);
      job.setNumReduceTasks(1);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(Text.class);
      job.setOutputFormatClass(SequenceFileOutputFormat.class);
      Path out = new Path(work, "tallies");
      FileOutputFormat.setOutputPath(job, out);
      JobRunner.shipDependencies(job);
      await(job, timeoutMillis, progress);
      return read(fs, out, conf);
    } finally {
      fs.delete(work, true);
    }
  }

  private static void writeIds(FileSystem fs, Path file, Map<Long, Long> tweets) throws IOException {
    try (BufferedWriter out = new BufferedWriter(new OutputStreamWriter(fs.create(file, true), StandardCharsets.US_ASCII))) {
      for (Map.Entry<Long, Long> t : tweets.entrySet()) {
        out.write(t.getKey() + "\t" + t.getValue() + "\n");
      }
    }
  }

  private static void await(Job job, long timeoutMillis, Progress progress) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    try {
      job.submit();
      while (!job.isComplete()) {
        if (System.nanoTime() > deadline) {
          job.killJob();
          throw new QueryTimeoutException("the phase-2 MapReduce job did not finish within the query timeout");
        }
        Thread.sleep(100);
        progress.report((job.mapProgress() + job.reduceProgress()) / 2);
      }
      if (!job.isSuccessful()) {
        throw new IOException("the phase-2 MapReduce job failed: " + job.getStatus().getFailureInfo());
      }
      progress.report(1);
    } catch (InterruptedException e) {
      job.killJob();
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while the phase-2 MapReduce job ran");
    } catch (ClassNotFoundException e) {
      throw new IOException(e);
    }
  }

  private static Map<String, Tally> read(FileSystem fs, Path out, Configuration conf) throws IOException {
    Tallies tallies = new Tallies();
    Text key = new Text();
    Text value = new Text();
    for (FileStatus part : fs.listStatus(out, p -> p.getName().startsWith("part-"))) {
      try (SequenceFile.Reader reader = new SequenceFile.Reader(conf, SequenceFile.Reader.file(part.getPath()))) {
        while (reader.next(key, value)) {
          tallies.add(key.toString(), Tally.decode(value.toString()));
        }
      }
    }
    return tallies.asMap();
  }
}
