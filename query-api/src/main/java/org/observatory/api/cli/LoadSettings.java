package org.observatory.api.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.loader.LoadSummary;
import org.apache.hadoop.conf.Configuration;
import org.observatory.loader.job.HistoricalLoad;
import org.observatory.loader.job.InputFiles;
import org.observatory.loader.job.LoadMode;
import org.observatory.schemas.index.IndexSpec;

/** How the historical loader runs, and what sample the server loads into an empty store. */
public class LoadSettings {
  /** DIRECT (puts through the region servers) or BULK (HFiles, then bulk-loaded): the default mode. */
  @JsonProperty
  @NotNull
  private LoadMode mode = LoadMode.BULK;

  /**
   * Where malformed lines are set aside, one NDJSON file per input file: a Hadoop path, on the default
   * file system (local, unless {@code fs.defaultFS} says otherwise) when it has no scheme.
   */
  @JsonProperty
  @NotEmpty
  private String rejectsDir = "data/rejected";

  /** Where a running load keeps its HFiles and notes (a Hadoop path like rejectsDir); removed after each load. */
  @JsonProperty
  @NotEmpty
  private String workDir = "data/load-work";

  /** Files loaded at once by the local job runner (on YARN the cluster decides). */
  @JsonProperty
  @Min(1)
  private int threads = 2;

  @JsonProperty
  @Min(1)
  private int progressSeconds = 10;

  /** Files or directories the server loads at start-up when the store has no tables yet. */
  @JsonProperty
  private List<String> seed = new ArrayList<>();

  public List<String> seed() {
    return seed;
  }

  public int threads() {
    return threads;
  }

  public int progressSeconds() {
    return progressSeconds;
  }

  public LoadMode mode() {
    return mode;
  }

  public LoadSettings withSeed(List<String> files) {
    this.seed = files;
    return this;
  }

  public LoadSettings withRejectsDir(String dir) {
    this.rejectsDir = dir;
    return this;
  }

  /**
   * Loads files or directories into the store, creating month tables as tweets of new months arrive.
   * Paths are Hadoop paths: without a scheme, on the configured default file system.
   */
  public LoadSummary load(HBaseStore store, IndexSpec spec, int regionsPerTable, List<String> paths, LoadMode mode)
      throws IOException {
    Configuration conf = store.connection().getConfiguration();
    HistoricalLoad.Settings settings = new HistoricalLoad.Settings(mode, InputFiles.qualified(workDir, conf),
        InputFiles.qualified(rejectsDir, conf), threads, progressSeconds);
    return new HistoricalLoad(store.connection(), store.tableNames(), spec, regionsPerTable, settings)
        .load(InputFiles.expand(paths, conf));
  }
}
