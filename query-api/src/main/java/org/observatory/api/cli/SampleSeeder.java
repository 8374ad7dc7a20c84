package org.observatory.api.cli;

import org.observatory.api.config.LoadSettings;
import io.dropwizard.lifecycle.Managed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.observatory.schemas.tables.Platform;
import org.observatory.api.security.Audit;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.LoaderKit;
import org.observatory.generator.Generator;
import org.observatory.generator.GeneratorSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads the configured sample files when the server starts on an empty store, before it accepts
 * requests, so that a first query answers at once. When none of the files exists (a clone without the
 * shared corpus), it generates a synthetic day of the #euro2012 event instead and loads that.
 */
public final class SampleSeeder implements Managed {
  /** The day generated when no sample file exists: the 9th day of a generated #euro2012 event. */
  public static final LocalDate GENERATED_DAY = LocalDate.parse("2012-06-16");
  private static final int GENERATED_TWEETS = 5_000;
  private static final Logger LOG = LoggerFactory.getLogger(SampleSeeder.class);
  private final LoaderKit kit;
  private final LoadSettings settings;
  private final Path generatedDir;

  /** @param generatedDir where a generated sample is written when the sample files are missing */
  public SampleSeeder(LoaderKit kit, LoadSettings settings, Path generatedDir) {
    this.kit = kit;
    this.settings = settings;
    this.generatedDir = generatedDir;
  }

  @Override
  public void start() throws Exception {
    if (settings.seed().isEmpty()) {
      return;
    }
    if (!kit.monthTables().list().isEmpty()) {
      LOG.info("the store already has tables; the sample is not loaded again");
      return;
    }
    List<Path> seed = settings.seed().stream().map(Path::of).filter(Files::exists).toList();
    if (seed.isEmpty()) {
      LOG.warn("sample files not found: {}; generating a synthetic day ({}) instead", settings.seed(), GENERATED_DAY);
      GeneratorSettings day = GeneratorSettings.defaults(GENERATED_DAY, 1, GENERATED_TWEETS)
          .withEventStart(GENERATED_DAY.minusDays(8));
      seed = Generator.write(day, generatedDir).files();
    }
    LOG.info("empty store: loading the sample {}", seed);
    List<String> paths = seed.stream().map(Path::toString).toList();
    Map<Platform, LoadSummary> summary = HistoricalLoads.load(kit, settings, paths, settings.mode());
    Audit.record("service", "load.sample", String.join(" ", paths), "completed", Map.of("summary", summary.toString()));
    LOG.info("sample loaded: {}", summary);
  }
}
