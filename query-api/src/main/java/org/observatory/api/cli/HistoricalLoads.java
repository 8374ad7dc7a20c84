package org.observatory.api.cli;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.observatory.loader.LoaderKit;
import org.observatory.api.config.LoadSettings;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.historical.HistoricalLoad;
import org.observatory.loader.historical.InputFiles;
import org.observatory.loader.historical.LoadMode;

/** Runs the historical loader for the {@code load} command and the server's sample. */
final class HistoricalLoads {
  private HistoricalLoads() {}

  /**
   * Loads files or directories into the store, creating month tables as tweets of new months arrive.
   * Paths are Hadoop paths: without a scheme, on the configured default file system.
   */
  static LoadSummary load(LoaderKit kit, LoadSettings settings, List<String> paths, LoadMode mode) throws IOException {
    Configuration conf = kit.connection().getConfiguration();
    return new HistoricalLoad(kit, settings.historical(conf, mode)).load(InputFiles.expand(paths, conf));
  }
}
