package org.observatory.loader.historical;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.MultiTableHFileOutputFormat;
import org.observatory.loader.Ingest;
import org.observatory.loader.TablePuts;
import org.observatory.loader.TableWriter;

/**
 * Bulk mode: the cells of puts for the tables of the months the input files cover go to the shuffle,
 * keyed by table and row, to become sorted HFiles. Cells rather than puts: a put crosses the shuffle
 * as protobuf, which cost its map and reduce tasks a sixth of their time; a cell is its own bytes.
 * The few tweets of other months (old originals carried by retweets) are written directly, so the job
 * never needs tables it could not know of in advance.
 */
public final class BulkLoadMapper extends TweetFileMapper<ImmutableBytesWritable, KeyValue> {
  private static final long DIRECT_BUFFER_BYTES = 2L << 20;
  private Set<TableName> bulkTables;
  private TableWriter direct;

  @Override
  Ingest.Sink sink(Context context) {
    bulkTables = new HashSet<>(new JobConf(context.getConfiguration()).bulkTables());
    direct = new TableWriter(connection(), monthTables(), DIRECT_BUFFER_BYTES, Durability.SYNC_WAL, false);
    return new Ingest.Sink() {
      @Override
      public void write(List<TablePuts> puts) throws IOException {
        for (TablePuts table : puts) {
          if (bulkTables.contains(table.table())) {
            shuffle(context, table.table(), table.puts());
          } else {
            direct.write(List.of(table));
          }
        }
      }

      @Override
      public boolean mergesRows() {
        return false; // each cell crosses the shuffle alone
      }
    };
  }

  private static void shuffle(Context context, TableName table, List<Put> puts) throws IOException {
    byte[] name = table.getName();
    for (Put put : puts) {
      ImmutableBytesWritable key = new ImmutableBytesWritable(MultiTableHFileOutputFormat.createCompositeKey(name, put.getRow()));
      try {
        for (List<Cell> cells : put.getFamilyCellMap().values()) {
          for (Cell cell : cells) {
            context.write(key, KeyValueUtil.ensureKeyValue(cell));
          }
        }
      } catch (InterruptedException e) {
        throw interrupted(e);
      }
    }
  }

  @Override
  void finish(Context context) throws IOException {
    direct.close();
  }
}
