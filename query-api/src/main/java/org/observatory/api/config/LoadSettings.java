package org.observatory.api.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.observatory.loader.historical.HistoricalLoad;
import org.observatory.loader.historical.InputFiles;
import org.observatory.loader.historical.LoadMode;

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

  /**
   * Where a running load or reindex keeps its HFiles, notes and (local runner) spills, in a directory
   * of its own (a Hadoop path like rejectsDir); removed after each, and a killed one's by the next.
   */
  @JsonProperty
  @NotEmpty
  private String workDir = "data/load-work";

  /**
   * Files loaded at once by the local job runner, or by a bulk load sorting in its own process (on
   * YARN the cluster decides).
   */
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

  /** The historical loader's settings for a load in this mode; relative paths on the default file system. */
  public HistoricalLoad.Settings historical(Configuration conf, LoadMode mode) throws IOException {
    return new HistoricalLoad.Settings(mode, workDir(conf), InputFiles.qualified(rejectsDir, conf),
        threads, progressSeconds);
  }

  /** The work directory, qualified on the default file system when it has no scheme. */
  public Path workDir(Configuration conf) throws IOException {
    return InputFiles.qualified(workDir, conf);
  }
}
