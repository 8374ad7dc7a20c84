package org.observatory.api.hbase;

import java.nio.file.Path;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.testing.TestLoads;

/**
 * A process that runs the embedded HBase, loads a day into it, then creates tables until it is killed:
 * what a service killed with SIGKILL leaves behind, regions half-assigned included. Arguments: the data directory, the ZooKeeper port, the day's file.
 */
public final class KilledEmbeddedHBase {
  private KilledEmbeddedHBase() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    HBaseFactory factory = new HBaseFactory().withDataDir(dir.resolve("data").toString())
        .withZookeeper(null, Integer.parseInt(args[1])).withNamespace("killed");
    HBaseStore store = factory.open(false);
    TestLoads.load(store.connection(), store.tableNames(), dir.resolve("rejects"), Path.of(args[2]));
    System.out.println("LOADED");
    System.out.flush();
    // Creating the tables of month after month, as a daemon meeting a new month does, until killed.
    MonthTables tables = new MonthTables(store.connection(), store.tableNames(), IndexSpec.defaults(), 1);
    for (Month month = Month.parse("2000-01"); ; month = month.next()) {
      tables.create(month);
    }
  }
}
