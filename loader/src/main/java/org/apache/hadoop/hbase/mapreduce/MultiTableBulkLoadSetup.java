package org.apache.hadoop.hbase.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.mapreduce.Job;

/**
 * A bridge to {@link MultiTableHFileOutputFormat#configureIncrementalLoad(Job, List)}, which is public
 * but takes {@code HFileOutputFormat2.TableInfo}, a class HBase 2.x keeps package-private. This is the
 * only class of ours in HBase's package, and it does nothing else.
 */
public final class MultiTableBulkLoadSetup {
  private MultiTableBulkLoadSetup() {}

  /** Sets the job up to write HFiles for each table, partitioned by the tables' current regions. */
  public static void configure(Job job, Connection connection, List<TableName> tables) throws IOException {
    List<HFileOutputFormat2.TableInfo> infos = new ArrayList<>();
    try (Admin admin = connection.getAdmin()) {
      for (TableName table : tables) {
        infos.add(new HFileOutputFormat2.TableInfo(admin.getDescriptor(table), connection.getRegionLocator(table)));
      }
    }
    MultiTableHFileOutputFormat.configureIncrementalLoad(job, infos);
  }
}
