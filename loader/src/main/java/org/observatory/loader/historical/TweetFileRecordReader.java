package org.observatory.loader.historical;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.util.LineReader;
import org.observatory.loader.TweetFiles;

/**
 * The lines of one whole tweet file, keyed by their number from 1. Progress is the share of the
 * file's stored (compressed) bytes consumed, added as it goes to the job's {@link LoadProgress#INPUT_BYTES}
 * counter: the input's size is what a load knows in advance.
 */
final class TweetFileRecordReader extends RecordReader<LongWritable, Text> {
  private final AtomicLong consumed = new AtomicLong();
  private final LongWritable number = new LongWritable();
  private final Text line = new Text();
  private LineReader lines;
  private long length;
  private long counted;
  private Counter inputBytes;

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
    Path file = ((FileSplit) split).getPath();
    length = ((FileSplit) split).getLength();
    InputStream raw = TweetFiles.counting(file.getFileSystem(context.getConfiguration()).open(file), consumed);
    lines = new LineReader(TweetFiles.decompressed(raw, file.getName()), 1 << 16);
    inputBytes = context.getCounter(LoadProgress.GROUP, LoadProgress.INPUT_BYTES);
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    boolean more = lines.readLine(line) > 0;
    if (more) {
      number.set(number.get() + 1);
    }
    long now = consumed.get();
    inputBytes.increment(now - counted);
    counted = now;
    return more;
  }

  @Override
  public LongWritable getCurrentKey() {
    return number;
  }

  @Override
  public Text getCurrentValue() {
    return line;
  }

  @Override
  public float getProgress() {
    return length == 0 ? 1 : Math.min(1f, consumed.get() / (float) length);
  }

  @Override
  public void close() throws IOException {
    if (lines != null) {
      lines.close();
    }
  }
}
