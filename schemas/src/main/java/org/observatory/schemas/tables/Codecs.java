package org.observatory.schemas.tables;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.compress.zstd.ZstdCodec;

/**
 * The block compression codecs the month tables need, and how a JVM gets them. HBase's default ZSTD
 * codec is Hadoop's, which needs a native library this project does not ship; HBase's own zstd-jni
 * module bundles its native code. Every JVM that writes or reads HFiles needs it: region servers and
 * the master read {@link #ZSTD_CODEC_KEY}, {@link #ZSTD_LEVEL_KEY} and {@link #ZSTD_BUFFER_KEY} from
 * their site file, and every JVM running this project's code gets them from {@link #installInThisJvm()}.
 */
public final class Codecs {
  public static final String ZSTD_CODEC_KEY = Compression.ZSTD_CODEC_CLASS_KEY;
  public static final String ZSTD_CODEC = ZstdCodec.class.getName();
  public static final String ZSTD_LEVEL_KEY = ZstdCodec.ZSTD_LEVEL_KEY;
  /**
   * Denser than the codec's default 3 (a tenth off the JSON families) at no cost to reads. One level
   * for every family: HFiles written outside a region server (bulk loads) take the job's configuration
   * ({@link #configure}), not a family's own. Higher levels save little for their cost: on a real day's
   * JSON and profiles, level 12 took 4.8 % more off at 52 MB/s instead of 127, level 19 10 % at 2.4 MB/s
   * (docs/measurements/2026-11-30-how-small-the-tables-could-be.md).
   */
  public static final int ZSTD_LEVEL = 6;
  public static final String ZSTD_BUFFER_KEY = ZstdCodec.ZSTD_BUFFER_SIZE_KEY;
  /**
   * The codec compresses a block in chunks of this size, each on its own: its default 256 KB made
   * larger blocks no smaller. A reader needs a buffer as large as the chunks it reads; region servers
   * take it from the families that have such blocks ({@link TableLayout}).
   */
  public static final int ZSTD_BUFFER_BYTES = 1 << 20;

  private static boolean installed;

  private Codecs() {}

  /** Names the codec and its level in a configuration handed to other JVMs (MapReduce tasks, HBase daemons). */
  public static void configure(Configuration conf) {
    conf.set(ZSTD_CODEC_KEY, ZSTD_CODEC);
    conf.setInt(ZSTD_LEVEL_KEY, ZSTD_LEVEL);
    conf.setInt(ZSTD_BUFFER_KEY, ZSTD_BUFFER_BYTES);
  }

  /**
   * HBase's compression algorithms read their codec class once per JVM from a configuration of their
   * own (the site file on the class path), not from the one a table or job is given: reload it.
   */
  public static synchronized void installInThisJvm() {
    if (!installed) {
      Configuration conf = new Configuration(false);
      configure(conf);
      Compression.Algorithm.ZSTD.reload(conf);
      installed = true;
    }
  }
}
