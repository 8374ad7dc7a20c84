package org.observatory.api.cli;

import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.observatory.schemas.tables.Platform;
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
   * Loads files or directories into the store, creating month tables as tweets of new months arrive:
   * Twitter's files into Twitter's tables, recorded Jetstream hours into Bluesky's, one load each.
   * Paths are Hadoop paths: without a scheme, on the configured default file system.
   */
  static Map<Platform, LoadSummary> load(LoaderKit kit, LoadSettings settings, List<String> paths, LoadMode mode)
      throws IOException {
    Configuration conf = kit.connection().getConfiguration();
    Map<Platform, LoadSummary> summaries = new EnumMap<>(Platform.class);
    for (Map.Entry<Platform, List<Path>> input : InputFiles.byPlatform(InputFiles.expand(paths, conf), conf).entrySet()) {
      summaries.put(input.getKey(), new HistoricalLoad(kit.of(input.getKey()), settings.historical(conf, mode))
          .load(input.getValue()));
    }
    return summaries;
  }
}
