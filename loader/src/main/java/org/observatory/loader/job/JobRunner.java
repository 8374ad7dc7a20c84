package org.observatory.loader.job;

import java.io.IOException;
import java.io.InterruptedIOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.slf4j.Logger;

/**
 * Where Observatory's MapReduce jobs (loads, phase 2 of big queries) run: the local job runner, in
 * this JVM, unless the configuration names a cluster ({@code mapreduce.framework.name: yarn}).
 */
public final class JobRunner {
  private JobRunner() {}

  /** A job configuration on top of the HBase one, set up for the local runner when that is where it runs. */
  public static Configuration configure(Configuration hbase, int localTasks) {
    Configuration conf = new Configuration(hbase);
    conf.setIfUnset(MRConfig.FRAMEWORK_NAME, "local");
    if (isLocal(conf)) {
      shareTheJvm(conf, localTasks);
    }
    return conf;
  }

  public static boolean isLocal(Configuration conf) {
    return "local".equals(conf.get(MRConfig.FRAMEWORK_NAME));
  }

  /** On a cluster, the tasks need the jars and the HBase credentials; the local runner has both. */
  public static void shipDependencies(Job job) throws IOException {
    if (!isLocal(job.getConfiguration())) {
      TableMapReduceUtil.addDependencyJars(job);
      TableMapReduceUtil.initCredentials(job);
    }
  }

  /**
   * Submits the job and waits for it, logging progress every {@code progressSeconds}.
   *
   * @throws IOException when the job fails; an interrupt kills the job
   */
  public static void run(Job job, int progressSeconds, Logger log) throws IOException {
    try {
      job.submit();
      long started = System.nanoTime();
      while (!job.isComplete()) {
        Thread.sleep(Math.min(1000L * progressSeconds, 1000));
        if ((System.nanoTime() - started) / 1_000_000_000L % progressSeconds == 0) {
          log.info("{}: map {}%, reduce {}%", job.getJobName(), Math.round(job.mapProgress() * 100),
              Math.round(job.reduceProgress() * 100));
        }
      }
      if (!job.isSuccessful()) {
        throw new IOException("the job '" + job.getJobName() + "' failed: " + job.getStatus().getFailureInfo());
      }
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
   * The local job runner runs its tasks in this JVM, beside the service and, on the embedded default,
   * HBase itself, yet each reducer sizes its shuffle buffer as if it had the heap to itself (70%).
   */
  private static void shareTheJvm(Configuration conf, int tasks) {
    conf.setInt("mapreduce.local.map.tasks.maximum", tasks);
    conf.setInt("mapreduce.local.reduce.tasks.maximum", tasks);
    conf.setInt(MRJobConfig.IO_SORT_MB, 64);
    conf.setFloat(MRJobConfig.SHUFFLE_INPUT_BUFFER_PERCENT, 0.1f / tasks);
  }
}
