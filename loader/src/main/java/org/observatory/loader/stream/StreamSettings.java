package org.observatory.loader.stream;

import java.nio.file.Path;
import org.apache.hadoop.hbase.client.Durability;

/**
 * How a streaming loader runs.
 *
 * @param part which share of the stream this loader keeps
 * @param spoolDir the durable spool's directory (one per loader)
 * @param spoolMaxBytes how much the spool may hold before the source is held back
 * @param rollMillis how often lines gathered in the spool are handed to the loader
 * @param rejectsDir where malformed lines are set aside
 * @param writeBufferBytes each table's client-side write buffer
 * @param durability how writes reach HBase's write-ahead log
 * @param progressSeconds how often rate, totals, spool size and lag are logged
 * @param drainSeconds how long a stop waits for the spool to empty before leaving the rest for the next start
 * @param maxLagSeconds how long lines may wait in the spool before the loader reports itself unhealthy
 * @param stalledWriteSeconds how long one segment's write may take before the loader reports itself unhealthy
 * @param recordDir where the lines this loader keeps are also written, unchanged, an hour a file
 *     ({@link HourlyRecorder}); null: not recorded
 */
public record StreamSettings(StreamPart part, Path spoolDir, long spoolMaxBytes, long rollMillis, Path rejectsDir,
    long writeBufferBytes, Durability durability, int progressSeconds, int drainSeconds, int maxLagSeconds,
    int stalledWriteSeconds, Path recordDir) {}
