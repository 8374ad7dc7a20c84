package org.observatory.loader.historical;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * Tweet files, one mapper per whole file: gzip files cannot be split anyway, and keeping plain files
 * whole too lets lines be numbered from the start of their file for rejected-line reports.
 */
public final class TweetFileInputFormat extends FileInputFormat<LongWritable, Text> {
  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return false;
  }

  @Override
  public RecordReader<LongWritable, Text> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new TweetFileRecordReader();
  }
}
