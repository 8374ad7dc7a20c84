package org.observatory.loader.historical;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.observatory.loader.Ingest;
import org.observatory.loader.TablePuts;
import org.observatory.loader.TableWriter;

/**
 * Bulk mode: the cells of puts for the tables of the months the input files cover go to the shuffle,
 * keyed by table and row ({@link ShuffleKeys}), to become sorted HFiles. Cells rather than puts: a put
 * crosses the shuffle as protobuf, which cost its map and reduce tasks a sixth of their time; a cell is
 * its own bytes.
 * The few tweets of other months (old originals carried by retweets) are written directly, so the job
 * never needs tables it could not know of in advance.
 */
public final class BulkLoadMapper extends TweetFileMapper<ImmutableBytesWritable, KeyValue> {
  private ShuffleKeys keys;
  private TableWriter direct;

  @Override
  Ingest.Sink sink(Context context) {
    keys = new ShuffleKeys(new JobConf(context.getConfiguration()).bulkTables());
    direct = TableWriter.forHistoricalLoad(connection(), monthTables());
    return new Ingest.Sink() {
      @Override
      public void write(List<TablePuts> puts) throws IOException {
        for (TablePuts table : puts) {
          if (keys.covers(table.table())) {
            shuffle(context, table);
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

  private void shuffle(Context context, TablePuts table) throws IOException {
    for (Put put : table.puts()) {
      ImmutableBytesWritable key = keys.key(table.table(), put.getRow());
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
