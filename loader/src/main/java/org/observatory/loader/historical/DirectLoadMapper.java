package org.observatory.loader.historical;

import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.observatory.loader.Ingest;
import org.observatory.loader.TableWriter;

/**
 * Direct mode: each batch's puts go, a list per table, through a {@link TableWriter} on the task's own
 * connection, which creates a month's tables the first time it meets one of its tweets. (Through
 * {@code MultiTableOutputFormat}, each put was copied and looked up by table on its own, on a second
 * connection.)
 */
public final class DirectLoadMapper extends TweetFileMapper<NullWritable, NullWritable> {
  private TableWriter writer;

  @Override
  Ingest.Sink sink(Context context) {
    writer = TableWriter.forHistoricalLoad(connection(), monthTables());
    return writer::write;
  }

  @Override
  void finish(Context context) throws IOException {
    writer.close();
  }
}
