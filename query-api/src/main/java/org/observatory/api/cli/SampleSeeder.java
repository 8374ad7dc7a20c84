package org.observatory.api.cli;

import io.dropwizard.lifecycle.Managed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.MonthTables;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads the configured sample files when the server starts on an empty store, before it accepts
 * requests, so that a first query answers at once.
 */
public final class SampleSeeder implements Managed {
  private static final Logger LOG = LoggerFactory.getLogger(SampleSeeder.class);
  private final HBaseStore store;
  private final LoadSettings settings;
  private final IndexSpec spec;
  private final int regionsPerTable;

  public SampleSeeder(HBaseStore store, LoadSettings settings, IndexSpec spec, int regionsPerTable) {
    this.store = store;
    this.settings = settings;
    this.spec = spec;
    this.regionsPerTable = regionsPerTable;
  }

  @Override
  public void start() throws Exception {
    List<Path> seed = settings.seed().stream().map(Path::of).filter(Files::exists).toList();
    if (seed.size() < settings.seed().size()) {
      LOG.warn("sample files not found, not loaded: {}",
          settings.seed().stream().filter(s -> !Files.exists(Path.of(s))).toList());
    }
    if (seed.isEmpty()) {
      return;
    }
    if (!new MonthTables(store.connection(), store.tableNames(), spec.names(), regionsPerTable).list().isEmpty()) {
      LOG.info("the store already has tables; the sample is not loaded again");
      return;
    }
    LOG.info("empty store: loading the sample {}", seed);
    LOG.info("sample loaded: {}", settings.load(store, spec, regionsPerTable, seed));
  }
}
