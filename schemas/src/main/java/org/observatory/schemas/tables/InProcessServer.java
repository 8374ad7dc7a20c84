package org.observatory.schemas.tables;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;

/**
 * Settings for an HBase that shares one JVM with Observatory (the embedded default, the tests' mini
 * cluster): a month is seven tables, so years of months are thousands of regions on one server.
 */
public final class InProcessServer {
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
    Codecs.configure(conf);
    Codecs.installInThisJvm(); // before the server opens regions whose files need it
  }
}
