package org.observatory.mapreduce;

import java.io.IOException;
import java.io.InterruptedIOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.SnappyCodec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.slf4j.Logger;

/**
 * Where Observatory's MapReduce jobs (loads, rebuilds, phase 2 of big queries) run: the local job
 * runner, in this JVM, unless the configuration names a cluster ({@code mapreduce.framework.name: yarn});
 * and the one loop that waits for them.
 */
public final class JobRunner {
  private static final long POLL_MILLIS = 100;

  private JobRunner() {}

  /** Hears how far a running job has got: called while it runs, and once when it has finished. */
  @FunctionalInterface
  public interface Watcher {
    void progress(Job job) throws IOException, InterruptedException;
  }

  /** The job ran past its time limit, and was killed. */
  public static final class TimedOutException extends IOException {
    TimedOutException(String jobName) {
      super("the job '" + jobName + "' did not finish within its time limit and was killed");
    }
  }

  /**
   * A job configuration on top of the HBase one, set up for the local runner when that is where it
   * runs: then its files stay inside the job's work directory.
   */
  public static Configuration configure(Configuration hbase, int localTasks, WorkDir work) {
    Configuration conf = new Configuration(hbase);
    conf.setIfUnset(MRConfig.FRAMEWORK_NAME, "local");
    compressMapOutput(conf);
    if (isLocal(conf)) {
      shareTheJvm(conf, localTasks);
      work.holdLocalRunnerFiles(conf);
    } else {
      // The tasks run Observatory's executable jar, which brings its own logging binding and newer
      // Jackson and Jetty: in the cluster's own classpath they clash (the task dies in SLF4J's start).
      // The job's class loader keeps them apart, Hadoop's classes coming from the cluster.
      conf.setBoolean(MRJobConfig.MAPREDUCE_JOB_CLASSLOADER, true);
    }
    return conf;
  }

  /** Whether jobs of this configuration run on the local job runner (Hadoop's default) rather than a cluster. */
  public static boolean isLocal(Configuration conf) {
    return "local".equals(conf.get(MRConfig.FRAMEWORK_NAME, "local"));
  }

  /** On a cluster, the tasks need the jars and the HBase credentials; the local runner has both. */
  public static void shipDependencies(Job job) throws IOException {
    if (!isLocal(job.getConfiguration())) {
      TableMapReduceUtil.addDependencyJars(job);
      TableMapReduceUtil.initCredentials(job);
    }
  }

  /** The watcher, told at most every {@code seconds}. */
  public static Watcher every(int seconds, Watcher watcher) {
    long every = seconds * 1_000_000_000L;
    long[] next = {System.nanoTime() + every};
    return job -> {
      if (System.nanoTime() >= next[0]) {
        next[0] += every;
        watcher.progress(job);
      }
    };
  }

  /** A watcher that logs the job's map and reduce progress. */
  public static Watcher logging(Logger log) {
    return job -> log.info("{}: map {}%, reduce {}%", job.getJobName(), Math.round(job.mapProgress() * 100),
        Math.round(job.reduceProgress() * 100));
  }

  /**
   * Submits the job and waits for it, telling the watcher its progress.
   *
   * @param timeoutMillis how long it may run; 0 for no limit
   * @throws TimedOutException when it runs past the limit (it is killed)
   * @throws IOException when the job fails; an interrupt kills the job
   */
  public static void run(Job job, long timeoutMillis, Watcher watcher) throws IOException {
    long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
    try {
      job.submit();
      while (!job.isComplete()) {
        if (timeoutMillis > 0 && System.nanoTime() > deadline) {
          killQuietly(job);
          throw new TimedOutException(job.getJobName());
        }
        Thread.sleep(POLL_MILLIS);
        watcher.progress(job);
      }
      if (!job.isSuccessful()) {
        throw new IOException("the job '" + job.getJobName() + "' failed: " + job.getStatus().getFailureInfo());
      }
      watcher.progress(job);
    } catch (InterruptedException e) {
      killQuietly(job);
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while the job '" + job.getJobName() + "' ran");
    } catch (ClassNotFoundException e) {
      throw new IOException(e);
    }
  }

  private static void killQuietly(Job job) {
    try {
      job.killJob();
    } catch (IOException | RuntimeException e) {
      // the job was not running, or is gone with its runner
    }
  }

  /**
   * What the mappers emit is spilled, shuffled and merged on local disk more than once: a bulk load's
   * Puts carry every tweet's JSON, and 11 million tweets filled 60 GB before their HFiles were written.
   * Snappy through snappy-java needs no native Hadoop library. A site file's own setting stands.
   */
  private static void compressMapOutput(Configuration conf) {
    if (onlyDefault(conf, MRJobConfig.MAP_OUTPUT_COMPRESS)) {
      conf.setBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, true);
      if (onlyDefault(conf, MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC)) {
        conf.setClass(MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC, SnappyCodec.class, CompressionCodec.class);
      }
    }
  }

  /** Whether the key is unset or set only by Hadoop's own defaults ({@code *-default.xml}). */
  private static boolean onlyDefault(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    return sources == null || sources[sources.length - 1].endsWith("-default.xml");
  }

  /**
   * The local job runner runs its tasks in this JVM, beside the service and, on the embedded default,
   * HBase itself, yet each reducer sizes its shuffle buffer as if it had the heap to itself (70%).
   * A bulk load's mapper spills its small sort buffer many times a file: merging the spills all at
   * once rather than ten at a time spares a pass that decompressed and compressed everything again
   * (a larger buffer made the loads slower).
   */
  private static void shareTheJvm(Configuration conf, int tasks) {
    conf.setInt("mapreduce.local.map.tasks.maximum", tasks);
    conf.setInt("mapreduce.local.reduce.tasks.maximum", tasks);
    conf.setInt(MRJobConfig.IO_SORT_MB, 64);
    conf.setInt(MRJobConfig.IO_SORT_FACTOR, 100);
    conf.setFloat(MRJobConfig.SHUFFLE_INPUT_BUFFER_PERCENT, 0.1f / tasks);
  }
}
