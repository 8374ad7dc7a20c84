package org.observatory.loader.historical;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;

/**
 * Lines of text, one mapper per file. Gzip files cannot be split anyway; keeping plain files whole too
 * lets the mapper number lines from the start of its file for rejected-line reports.
 */
public final class WholeFileTextInputFormat extends TextInputFormat {
  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return false;
  }
}
