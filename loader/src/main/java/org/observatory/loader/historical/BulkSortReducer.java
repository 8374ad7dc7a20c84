package org.observatory.loader.historical;

import java.io.IOException;
import org.apache.hadoop.hbase.mapreduce.PutSortReducer;
import org.observatory.schemas.tables.Codecs;

/**
 * HBase's reducer from sorted puts to HFiles, in a task JVM that first gets the tables' codec: on a
 * cluster, a reduce task runs none of Observatory's other code before it writes.
 */
public final class BulkSortReducer extends PutSortReducer {
  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    Codecs.installInThisJvm();
    super.setup(context);
  }
}
