package org.observatory.loader.historical;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.MultiTableHFileOutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.Reducer;
import org.observatory.schemas.tables.Codecs;

/**
 * Sorts each row's cells into HFiles, as HBase's {@code CellSortReducer} does, but writes them through
 * a writer of its own: the framework's asks the file system's statistics twice a cell, and each ask
 * walks every thread's; beside an embedded HBase's hundreds of threads that was 40 % of the reducers'
 * time. Its keys are {@link ShuffleKeys}'; the writer gets HBase's form of each row's key. A task JVM
 * first gets the tables' codec: on a cluster, a reduce task runs none of Observatory's other code before
 * it writes.
 */
public final class BulkSortReducer extends Reducer<ImmutableBytesWritable, KeyValue, ImmutableBytesWritable, Cell> {
  /**
   * How many bytes of a row's cells are held for sorting at most (the setting of HBase's own reducer);
   * beyond, they are written and new files begun.
   */
  public static final String SORT_BYTES = "putsortreducer.row.threshold";
  private static final long DEFAULT_SORT_BYTES = 256L << 20;
  private RecordWriter<ImmutableBytesWritable, Cell> hfiles;
  private ShuffleKeys keys;
  private long sortBytes;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    Codecs.installInThisJvm();
    sortBytes = context.getConfiguration().getLong(SORT_BYTES, DEFAULT_SORT_BYTES);
    keys = new ShuffleKeys(new JobConf(context.getConfiguration()).bulkTables());
    hfiles = new MultiTableHFileOutputFormat().getRecordWriter(context);
  }

  @Override
  protected void reduce(ImmutableBytesWritable key, Iterable<KeyValue> cells, Context context)
      throws IOException, InterruptedException {
    ImmutableBytesWritable tableAndRow = keys.hbaseKey(key);
    Iterator<KeyValue> next = cells.iterator();
    while (next.hasNext()) {
      List<KeyValue> part = new ArrayList<>();
      long bytes = 0;
      while (next.hasNext() && bytes < sortBytes) {
        KeyValue kv = next.next(); // a new one each time: HBase's deserializer reuses none
        part.add(kv);
        bytes += kv.heapSize();
      }
      // The mappers read tweets in time order, so a row's cells come in long sorted runs, which a
      // merge sort takes whole (a tree of them cost a third of this reducer). Stable: of equal cells
      // (the same tweet twice) the first stays.
      part.sort(CellComparator.getInstance());
      KeyValue previous = null;
      for (KeyValue kv : part) {
        if (previous == null || CellComparator.getInstance().compare(previous, kv) != 0) {
          hfiles.write(tableAndRow, kv);
        }
        previous = kv;
      }
      if (next.hasNext()) {
        hfiles.write(null, null); // HFileOutputFormat2's sign to begin new files: the rest need not sort after these
      }
      context.progress();
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    hfiles.close(context);
  }
}
