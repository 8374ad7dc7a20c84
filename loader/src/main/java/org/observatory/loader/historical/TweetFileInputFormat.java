package org.observatory.loader.historical;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.CombineFileInputFormat;

/**
 * Tweet files, whole, several to a map task up to the job's maximum split size: gzip files cannot be
 * split anyway, and keeping plain files whole too lets lines be numbered from the start of their file
 * for rejected-line reports. Combining them matters on a cluster, where each map task is a JVM that
 * starts, connects and compiles the loader anew.
 */
public final class TweetFileInputFormat extends CombineFileInputFormat<FileLine, Text> {
  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return false;
  }

  @Override
  public RecordReader<FileLine, Text> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new TweetFileRecordReader();
  }
}
