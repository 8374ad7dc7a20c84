package org.observatory.schemas.tables;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;

/**
 * Settings for an HBase that shares one JVM with Observatory (the embedded default, the tests' mini
 * cluster): a month is seven tables, so years of months are thousands of regions on one server.
 */
public final class InProcessServer {
  /** The master's keys (hbase-server's {@code TimeToLiveLogCleaner}, {@code TimeToLiveHFileCleaner}, {@code HMaster}). */
  static final String LOG_CLEANER_TTL_KEY = "hbase.master.logcleaner.ttl";
  static final String FILE_CLEANER_TTL_KEY = "hbase.master.hfilecleaner.ttl";
  static final String CLEANER_INTERVAL_KEY = "hbase.master.cleaner.interval";
  /** The master's and the region server's keys (hbase-server's {@code ServerManager}, {@code HRegionServer}). */
  static final String MAX_SERVERS_TO_WAIT_FOR_KEY = "hbase.master.wait.on.regionservers.maxtostart";
  static final String REPORT_INTERVAL_KEY = "hbase.regionserver.msginterval";

  private InProcessServer() {}

  public static void configure(Configuration conf) {
    // The local file system cannot hflush; HBase must accept that rather than refuse to start.
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    conf.set("hbase.wal.provider", "filesystem");
    conf.set("fs.file.impl", NioLocalFileSystem.class.getName());
    conf.setInt(HConstants.MASTER_INFO_PORT, -1);
    conf.setInt(HConstants.REGIONSERVER_INFO_PORT, -1);
    // MSLAB gives every region with writes a 2 MB chunk per family: 1.4 GB of heap for 700 regions.
    conf.setBoolean("hbase.hregion.memstore.mslab.enabled", false);
    // Per-table latency histograms: about 5 MB of counters per hundred tables.
    conf.setBoolean("hbase.regionserver.enable.table.latencies", false);
    // A memstore may keep an edit an hour (HBase's default), and so pin the write-ahead log holding it:
    // a stream writes ~20 MB of log a second, fills HBase's limit of files in minutes, and HBase then
    // flushes every region at once, holding the stream up a second or more. Flushed within 1-2 minutes,
    // spread over the second, the regions written slowly (older months' originals) never pile up.
    conf.setLong("hbase.regionserver.optionalcacheflushinterval", 60_000);
    conf.setInt("hbase.regionserver.periodicmemstoreflusher.rangeofdelayseconds", 60);
    // A log whose edits are all flushed, and a file whose cells were compacted into another, are kept
    // only for replication, backups and snapshots, none of which an in-process HBase serves. HBase's
    // defaults keep them ten minutes and look every ten: a direct load of six real-weight days left
    // 5.0 GB of such logs beside 0.6 GB of tables. Looked at every minute, they go at once.
    conf.setLong(LOG_CLEANER_TTL_KEY, 0);
    conf.setLong(FILE_CLEANER_TTL_KEY, 0);
    conf.setInt(CLEANER_INTERVAL_KEY, 60_000);
    // Starting, the master waits for region servers to check in: with no most to wait for, HBase's
    // 4.5 s whatever their number. An in-process HBase has one. Told so alone, a restarted master asked
    // for hbase:meta before a server had reported (every 3 s by default) and backed off for seconds;
    // reporting every second, a fresh embedded store comes up in 6.3 s instead of 12.3, and one holding
    // six loaded days in 9.0-10.8 s instead of 10.5-12.7 (docs/operations.md).
    conf.setInt(MAX_SERVERS_TO_WAIT_FOR_KEY, 1);
    conf.setInt(REPORT_INTERVAL_KEY, 1_000);
    Codecs.configure(conf);
    Codecs.installInThisJvm(); // before the server opens regions whose files need it
  }
}
