package org.observatory.loader.historical;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.CombineFileSplit;
import org.apache.hadoop.util.LineReader;
import org.observatory.loader.TweetFiles;

/**
 * The lines of a split's whole tweet files, one file after another, each keyed by its {@link FileLine}.
 * Progress is the share of the split's stored (compressed) bytes consumed, added as it goes to the
 * job's {@link LoadProgress#INPUT_BYTES} counter: the input's size is what a load knows in advance.
 */
final class TweetFileRecordReader extends RecordReader<FileLine, Text> {
  private final AtomicLong consumed = new AtomicLong();
  private final Text line = new Text();
  private CombineFileSplit files;
  private TaskAttemptContext context;
  private int file = -1;
  private long number;
  private LineReader lines;
  private long counted;
  private Counter inputBytes;

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) {
    this.files = (CombineFileSplit) split;
    this.context = context;
    inputBytes = context.getCounter(LoadProgress.GROUP, LoadProgress.INPUT_BYTES);
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    boolean more = lines != null && lines.readLine(line) > 0;
    while (!more && file + 1 < files.getNumPaths()) { // the next file, past any empty ones
      open(file + 1);
      more = lines.readLine(line) > 0;
    }
    if (more) {
      number++;
    }
    long now = consumed.get();
    inputBytes.increment(now - counted);
    counted = now;
    return more;
  }

  private void open(int next) throws IOException {
    close();
    file = next;
    number = 0;
    Path path = files.getPath(file);
    InputStream raw = TweetFiles.counting(path.getFileSystem(context.getConfiguration()).open(path), consumed);
    lines = new LineReader(TweetFiles.decompressed(raw, path.getName()), 1 << 16);
  }

  @Override
  public FileLine getCurrentKey() {
    return new FileLine(file, number);
  }

  @Override
  public Text getCurrentValue() {
    return line;
  }

  @Override
  public float getProgress() {
    return files.getLength() == 0 ? 1 : Math.min(1f, consumed.get() / (float) files.getLength());
  }

  @Override
  public void close() throws IOException {
    if (lines != null) {
      lines.close();
      lines = null;
    }
  }
}
