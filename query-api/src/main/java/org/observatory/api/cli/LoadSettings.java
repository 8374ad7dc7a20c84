package org.observatory.api.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.TweetFiles;
import org.observatory.loader.job.HistoricalLoad;
import org.observatory.loader.job.LoadMode;
import org.observatory.schemas.index.IndexSpec;

/** How the historical loader runs, and what sample the server loads into an empty store. */
public class LoadSettings {
  /** DIRECT (puts through the region servers) or BULK (HFiles, then bulk-loaded): the default mode. */
  @JsonProperty
  @NotNull
  private LoadMode mode = LoadMode.BULK;

  /**
   * Where malformed lines are set aside, one NDJSON file per input file. A plain path is on the local
   * file system; on a cluster it may be an {@code hdfs://} URI.
   */
  @JsonProperty
  @NotEmpty
  private String rejectsDir = "data/rejected";

  /** Where a running load keeps its HFiles and notes (on a cluster, on HDFS); removed after each load. */
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

  /** Loads files or directories into the store, creating month tables as tweets of new months arrive. */
  public LoadSummary load(HBaseStore store, IndexSpec spec, int regionsPerTable, List<Path> paths, LoadMode mode)
      throws IOException {
    List<org.apache.hadoop.fs.Path> files = TweetFiles.expand(paths).stream().map(LoadSettings::hadoopPath).toList();
    HistoricalLoad.Settings settings = new HistoricalLoad.Settings(mode, hadoopPath(workDir), hadoopPath(rejectsDir),
        threads, progressSeconds);
    return new HistoricalLoad(store.connection(), store.tableNames(), spec, regionsPerTable, settings).load(files);
  }

  /** A plain path names a local file (whatever the cluster's default file system); a URI names itself. */
  private static org.apache.hadoop.fs.Path hadoopPath(String path) {
    return path.contains("://") ? new org.apache.hadoop.fs.Path(path) : hadoopPath(Path.of(path));
  }

  private static org.apache.hadoop.fs.Path hadoopPath(Path local) {
    return new org.apache.hadoop.fs.Path(local.toAbsolutePath().normalize().toUri());
  }
}
