package org.observatory.api.query.fetch.mapreduce;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.NLineInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.observatory.api.query.Meme;
import org.observatory.api.query.Progress;
import org.observatory.api.query.QueryTimeoutException;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.fetch.Phase2;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.api.query.tally.Tallies;
import org.observatory.api.query.tally.Tally;
import org.observatory.mapreduce.JobRunner;
import org.observatory.mapreduce.WorkDir;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;

/**
 * Phase 2 as a MapReduce job, for answers too big to fetch in the service: the tweets phase 1 found
 * go to a file that is split among the mappers; each mapper fetches its share from the months' tweet
 * tables in batched multi-gets and tallies it; the reducer merges the tallies, which the service
 * turns into the answer as it would its own. The job runs on the local job runner unless the
 * configuration names a cluster; its files live under the work directory only while it runs.
 */
public final class ContentJob implements Phase2.Job {
  static final String QUERY = "observatory.query.name";
  static final String MEMES = "observatory.query.memes";
  static final String NAMESPACE = "observatory.query.namespace";
  static final String INDEX_SPEC = "observatory.query.indexSpec";

  private final Configuration store;
  private final TableNames names;
  private final IndexSpec spec;
  private final Settings settings;
  private final long timeoutMillis;

  /**
   * @param workDir where jobs keep the id list and the tallies while they run (a cluster path there is one)
   * @param mappers how many parts the id list is split into, and how many tasks the local runner runs at once
   */
  public record Settings(Path workDir, int mappers) {}

  /**
   * @param store the configuration of the store the tasks connect to (and of the cluster they run on)
   * @param timeoutMillis how long a job may run before it is killed
   */
  public ContentJob(Configuration store, TableNames names, IndexSpec spec, Settings settings, long timeoutMillis) {
    this.store = store;
    this.names = names;
    this.spec = spec;
    this.settings = settings;
    this.timeoutMillis = timeoutMillis;
  }

  @Override
  public boolean onCluster() {
    return !JobRunner.isLocal(store);
  }

  @Override
  public Map<String, Tally> tally(ContentQuery query, List<Meme> asked, TweetHits tweets, Progress progress)
      throws IOException {
    try (WorkDir work = WorkDir.claim(store, settings.workDir(), "query")) {
      Job job = createJob(query, asked, tweets, work);
      await(job, timeoutMillis, progress);
      return read(job);
    }
  }

  /** The job, set up to tally these tweets with their ids written under the work directory; not submitted. */
  Job createJob(ContentQuery query, List<Meme> asked, TweetHits tweets, WorkDir work) throws IOException {
    Configuration conf = JobRunner.configure(store, settings.mappers(), work);
    conf.set(QUERY, query.name());
    conf.set(MEMES, encode(asked));
    conf.set(NAMESPACE, names.namespace());
    conf.set(INDEX_SPEC, spec.toYaml());
    Path ids = new Path(work.path(), "ids");
    writeIds(work.path().getFileSystem(conf), ids, tweets);
    Job job = Job.getInstance(conf, "observatory " + query.name().toLowerCase(Locale.ROOT) + " ("
        + tweets.size() + " tweets)");
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
    FileOutputFormat.setOutputPath(job, new Path(work.path(), "tallies"));
    JobRunner.shipDependencies(job);
    return job;
  }

  private static void writeIds(FileSystem fs, Path file, TweetHits tweets) throws IOException {
    try (BufferedWriter out = new BufferedWriter(new OutputStreamWriter(fs.create(file, true), StandardCharsets.US_ASCII))) {
      for (int i = 0; i < tweets.size(); i++) {
        out.write(tweets.id(i) + "\t" + tweets.time(i) + "\n");
      }
    }
  }

  /** The asked memes as their index keys, a line each, a pattern's with its '*' (no key holds one). */
  static String encode(List<Meme> asked) {
    return String.join("\n", asked.stream().map(m -> m.indexKey() + (m.isPrefix() ? "*" : "")).toList());
  }

  static List<Meme> decode(String asked) {
    return asked.lines().map(k -> k.endsWith("*") ? new Meme(k, k.substring(0, k.length() - 1), true)
        : new Meme(k, k, false)).toList();
  }

  private static void await(Job job, long timeoutMillis, Progress progress) throws IOException {
    try {
      JobRunner.run(job, timeoutMillis, running -> progress.report((running.mapProgress() + running.reduceProgress()) / 2));
    } catch (JobRunner.TimedOutException e) {
      throw new QueryTimeoutException("the phase-2 MapReduce job did not finish within the query timeout");
    }
  }

  private static Map<String, Tally> read(Job job) throws IOException {
    Configuration conf = job.getConfiguration();
    Path out = FileOutputFormat.getOutputPath(job);
    FileSystem fs = out.getFileSystem(conf);
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
