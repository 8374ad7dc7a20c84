package org.observatory.api.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.api.config.LoadSettings;
import org.observatory.api.hbase.HBaseFactory;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.query.engine.Ask;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.loader.LoaderKit;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.testdata.RawMemes;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.UsesStore;

@UsesStore
class SampleSeederTest {
  @Test
  void withoutTheSampleFilesTheServerGeneratesADayAndLoadsIt(@TempDir Path dir) throws Exception {
    LoadSettings settings = new LoadSettings().withRejectsDir(dir.resolve("rejected").toString())
        .withSeed(List.of(dir.resolve("no-such-file.json.gz").toString()));
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (HBaseStore store = new HBaseFactory().withZookeeper("localhost", MiniHBase.zookeeperPort())
        .withNamespace("seeded").open(false)) {
      new SampleSeeder(new LoaderKit(store.connection(), store.tableNames(), IndexSpec.defaults(), 1), settings,
          dir.resolve("sample")).start();

      String day = SampleSeeder.GENERATED_DAY.toString();
      RawMemes raw = RawMemes.of(dir.resolve("sample").resolve("tweets." + day + ".json.gz"));
      long start = SampleSeeder.GENERATED_DAY.atStartOfDay(java.time.ZoneOffset.UTC).toInstant().toEpochMilli();
      Ask queries = Ask.indexOnly(
          new IndexScanner(store.connection(), store.tableNames(), IndexSpec.defaults(), pool, 30_000, 5_000_000));

      assertThat(queries.memePostCount("#euro2012", day, day).counts().get("#euro2012"))
          .isEqualTo(raw.count("#euro2012", start, start + 86_400_000L)).isPositive();
    } finally {
      pool.shutdownNow();
    }
  }
}
