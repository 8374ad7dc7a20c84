package org.observatory.loader.historical;

import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.observatory.loader.LoaderKit;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;

/** The settings the load job's driver hands its tasks, under one set of configuration keys. */
final class JobConf {
  private static final String NAMESPACE = "observatory.namespace";
  private static final String INDEX_SPEC = "observatory.index.spec";
  private static final String REGIONS = "observatory.regions.per.table";
  private static final String WORK_DIR = "observatory.load.work.dir";
  private static final String REJECTS_DIR = "observatory.load.rejects.dir";
  private static final String BULK_TABLES = "observatory.load.bulk.tables";

  private final Configuration conf;

  JobConf(Configuration conf) {
    this.conf = conf;
  }

  void set(LoaderKit kit, Path workDir, Path rejectsDir) {
    conf.set(NAMESPACE, kit.names().namespace());
    conf.set(INDEX_SPEC, kit.spec().toYaml());
    conf.setInt(REGIONS, kit.regionsPerTable());
    conf.set(WORK_DIR, workDir.toString());
    conf.set(REJECTS_DIR, rejectsDir.toString());
  }

  void setBulkTables(List<TableName> tables) {
    conf.setStrings(BULK_TABLES, tables.stream().map(TableName::getNameAsString).toArray(String[]::new));
  }

  /** The driver's kit, on a task's own connection. */
  LoaderKit kit(Connection connection) {
    return new LoaderKit(connection, new TableNames(conf.get(NAMESPACE)), IndexSpec.parse(conf.get(INDEX_SPEC)),
        conf.getInt(REGIONS, 1));
  }

  Path rejectsDir() {
    return new Path(conf.get(REJECTS_DIR));
  }

  /** Where each mapper leaves the ids of the delete notices in its file, for the driver to erase. */
  Path deletedDir() {
    return new Path(conf.get(WORK_DIR), "deleted");
  }

  /** Where each mapper leaves the hours it wrote, for the driver to move on in the counts table. */
  Path writtenHoursDir() {
    return new Path(conf.get(WORK_DIR), "hours");
  }

  /** The reducers' partitions of the shuffle keys ({@link ShuffleKeys}). */
  Path partitionsFile() {
    return new Path(conf.get(WORK_DIR), "partitions");
  }

  /** Where a bulk load sorting in this JVM spills its sorted runs ({@link CellSorter}). */
  Path runsDir() {
    return new Path(conf.get(WORK_DIR), "runs");
  }

  Path hfilesDir() {
    return new Path(conf.get(WORK_DIR), "hfiles");
  }

  /** The tables the bulk job writes HFiles for; tweets bound elsewhere are written directly. */
  List<TableName> bulkTables() {
    String[] names = conf.getStrings(BULK_TABLES, new String[0]);
    return Arrays.stream(names).map(TableName::valueOf).toList();
  }
}
