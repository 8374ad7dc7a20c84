package org.observatory.loader.historical;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.observatory.loader.Ingest;
import org.observatory.loader.TablePuts;
import org.observatory.schemas.tables.Month;

/**
 * Direct mode: each put goes to {@code MultiTableOutputFormat}, keyed by its table's name; a month's
 * tables are created the first time this task meets one of its tweets.
 */
public final class DirectLoadMapper extends TweetFileMapper<ImmutableBytesWritable, Mutation> {
  private final Set<Month> ready = new HashSet<>();

  @Override
  Ingest.Sink sink(Context context) {
    return puts -> {
      for (TablePuts table : puts) {
        ensureMonth(table.month());
        ImmutableBytesWritable name = new ImmutableBytesWritable(table.table().getName());
        for (Put put : table.puts()) {
          try {
            context.write(name, put);
          } catch (InterruptedException e) {
            throw interrupted(e);
          }
        }
      }
    };
  }

  private void ensureMonth(Month month) throws IOException {
    if (ready.add(month)) {
      monthTables().create(month);
    }
  }
}
