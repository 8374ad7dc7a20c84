package org.observatory.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.hadoop.hbase.client.Connection;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.historical.HistoricalLoad;
import org.observatory.loader.historical.LoadMode;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;

/** Loads files into a namespace of the mini cluster the way the {@code load} command does. */
public final class TestLoads {
  private TestLoads() {}

  /** A direct-mode load; malformed lines go to {@code rejects}. */
  public static LoadSummary load(Connection connection, TableNames names, Path rejects, Path... files) throws IOException {
    return load(connection, names, LoadMode.DIRECT, rejects, files);
  }

  /** A load in the given mode; malformed lines go to {@code dir}, the job's work files under it. */
  public static LoadSummary load(Connection connection, TableNames names, LoadMode mode, Path dir, Path... files)
      throws IOException {
    return load(connection, names, IndexSpec.defaults(), mode, dir, files);
  }

  /** A load by another index specification than the default. */
  public static LoadSummary load(Connection connection, TableNames names, IndexSpec spec, LoadMode mode, Path dir,
      Path... files) throws IOException {
    HistoricalLoad.Settings settings = new HistoricalLoad.Settings(mode, hadoopPath(dir.resolve("work")),
        hadoopPath(dir), 2, 60);
    return new HistoricalLoad(new LoaderKit(connection, names, spec, 1), settings)
        .load(Arrays.stream(files).map(TestLoads::hadoopPath).toList());
  }

  private static org.apache.hadoop.fs.Path hadoopPath(Path local) {
    return new org.apache.hadoop.fs.Path(local.toAbsolutePath().toUri());
  }
}
