package org.observatory.api.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.Durability;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.indexer.Indexer;
import org.observatory.loader.Deletions;
import org.observatory.loader.FileLoader;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.TableWriter;
import org.observatory.loader.TweetFiles;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.MonthTables;

/** How files are loaded, and what sample the server loads into an empty store. */
public class LoadSettings {
  /** Where malformed lines are set aside, one NDJSON file per input file. */
  @JsonProperty
  @NotEmpty
  private String rejectsDir = "data/rejected";

  /** Files loaded at once. */
  @JsonProperty
  @Min(1)
  private int threads = 2;

  @JsonProperty
  @Min(1)
  private int writeBufferMb = 8;

  @JsonProperty
  @Min(1)
  private int progressSeconds = 10;

  /** How writes reach HBase's write-ahead log: SYNC_WAL, ASYNC_WAL or SKIP_WAL. */
  @JsonProperty
  @NotNull
  private Durability durability = Durability.SYNC_WAL;

  /** Files or directories the server loads at start-up when the store has no tables yet. */
  @JsonProperty
  private List<String> seed = new ArrayList<>();

  public List<String> seed() {
    return seed;
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
  public LoadSummary load(HBaseStore store, IndexSpec spec, int regionsPerTable, List<Path> paths) throws IOException {
    List<Path> files = TweetFiles.expand(paths);
    Indexer indexer = new Indexer(spec, store.tableNames());
    MonthTables tables = new MonthTables(store.connection(), store.tableNames(), spec.names(), regionsPerTable);
    try (TableWriter writer = new TableWriter(store.connection(), store.tableNames(), tables, writeBufferMb * (1L << 20), durability)) {
      Deletions deletions = Deletions.open(store.connection(), store.tableNames(), indexer, tables);
      return new FileLoader(indexer, writer, deletions, Path.of(rejectsDir), threads, progressSeconds).load(files);
    }
  }
}
