package org.observatory.loader.historical;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.observatory.loader.Ingest;
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
      for (Map.Entry<TableName, List<Put>> table : puts.entrySet()) {
        ensureMonth(table.getKey());
        ImmutableBytesWritable name = new ImmutableBytesWritable(table.getKey().getName());
        for (Put put : table.getValue()) {
          try {
            context.write(name, put);
          } catch (InterruptedException e) {
            throw interrupted(e);
          }
        }
      }
    };
  }

  private void ensureMonth(TableName table) throws IOException {
    Month month = names().monthOf(table).orElseThrow(() -> new IOException("not a month table: " + table));
    if (ready.add(month)) {
      monthTables().create(month);
    }
  }
}
