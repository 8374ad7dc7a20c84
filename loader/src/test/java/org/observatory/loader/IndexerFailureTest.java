package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.observatory.loader.historical.LoadMode;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TestLoads;

/**
 * A plug-in indexer that throws is the indexer's fault, not the line's: the line is set aside and counted
 * as an indexer failure, apart from the malformed lines. Hand-written fixture lines (invented ids).
 */
class IndexerFailureTest {
  @Test
  void linesAPlugInFailsOnAreSetAsideAndCountedApartFromMalformedOnes() throws Exception {
    Path dir = Files.createTempDirectory("plugin-failure");
    Path input = dir.resolve("tweets.2013-08-10.json.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(input))) {
      Files.copy(Path.of(getClass().getResource("/fixtures/plugin-failure.ndjson").toURI()), out);
    }
    List<IndexDefinition> indexes = new ArrayList<>(IndexSpec.defaults().indexes());
    indexes.add(new IndexDefinition("by-name", null, null, null, FailingIndexer.class.getName()));

    TableNames names = new TableNames("plugin_failure");
    IndexSpec spec = new IndexSpec(indexes);
    LoadSummary summary;
    try {
      summary = TestLoads.load(MiniHBase.connection(), names, spec, LoadMode.DIRECT, dir.resolve("rejects"), input);
    } finally { // the shared cluster reopens every region after a restart: leave it no more than needed
      new MonthTables(MiniHBase.connection(), names, spec, 1).drop(Month.parse("2013-08"));
    }

    LoadCounters c = summary.counters();
    assertThat(c.sum(LoadCounter.INDEXER_FAILURES)).as("the status by @breaks, and the retweet of one").isEqualTo(2);
    assertThat(c.sum(LoadCounter.MALFORMED)).isEqualTo(1);
    assertThat(c.puts().get("tweets")).as("only @alice's status is stored").isEqualTo(1);
    List<String> rejected = Files.readAllLines(dir.resolve("rejects").resolve(RejectedLines.fileName(input.getFileName().toString())));
    assertThat(rejected).hasSize(3);
    assertThat(rejected.stream().filter(l -> l.contains("indexing failed")).count()).isEqualTo(2);
    assertThat(summary.toString()).contains("indexerFailures=2", "malformed=1");
  }
}
