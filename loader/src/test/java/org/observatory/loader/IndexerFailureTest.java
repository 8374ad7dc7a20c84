package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
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
import org.observatory.testing.UsesStore;

/**
 * A plug-in indexer that throws is the indexer's fault, not the line's: the line is set aside and counted
 * as an indexer failure, apart from the malformed lines. Hand-written fixture lines (invented ids).
 */
@UsesStore
class IndexerFailureTest {
  /** The fixture's third line: @carol's retweet of an original by @breaks. */
  private static final int RETWEET_OF_BREAKS = 2;
  private static final long CAROLS_RETWEET = 366167543116726275L;
  private static final String INPUT = "tweets.2013-08-10.json.gz";

  @Test
  void linesAPlugInFailsOnAreSetAsideAndCountedApartFromMalformedOnes() throws Exception {
    Path dir = Files.createTempDirectory("plugin-failure");
    LoadSummary summary = load(dir, fixture());

    LoadCounters c = summary.counters();
    assertThat(c.sum(LoadCounter.INDEXER_FAILURES)).as("the status by @breaks, and the retweet of one").isEqualTo(2);
    assertThat(c.sum(LoadCounter.MALFORMED)).isEqualTo(1);
    assertThat(c.puts().get("tweets")).as("only @alice's status is stored").isEqualTo(1);
    List<String> rejected = Files.readAllLines(dir.resolve("rejects").resolve(RejectedLines.fileName(INPUT)));
    assertThat(rejected).hasSize(3);
    assertThat(rejected.stream().filter(l -> l.contains("indexing failed")).count()).isEqualTo(2);
    assertThat(summary.toString()).contains("indexerFailures=2", "malformed=1");
  }

  /**
   * A line set aside is counted as that alone: neither its deleted tweets nor its repeats, and none of
   * its tweets is remembered as stored, so a re-delivery of it is indexed (and fails) again, not skipped.
   */
  @Test
  void aLineSetAsideLeavesNoTrace() throws Exception {
    List<String> lines = new ArrayList<>();
    lines.add("{\"delete\":{\"status\":{\"id\":" + CAROLS_RETWEET + ",\"id_str\":\"" + CAROLS_RETWEET
        + "\",\"user_id\":103},\"timestamp_ms\":\"1376136000000\"}}");
    lines.addAll(fixture());
    lines.add(fixture().get(RETWEET_OF_BREAKS)); // delivered again, the same snapshot
    LoadSummary summary = load(Files.createTempDirectory("plugin-failure-trace"), lines);

    LoadCounters c = summary.counters();
    assertThat(c.sum(LoadCounter.INDEXER_FAILURES)).as("@breaks's status, and the retweet of one twice").isEqualTo(3);
    assertThat(c.sum(LoadCounter.DELETED_SKIPPED)).as("@carol's retweet was deleted, but its lines were set aside").isZero();
    assertThat(c.sum(LoadCounter.REPEATS_SKIPPED)).as("the first delivery was set aside, not stored").isZero();
    assertThat(c.puts().get("tweets")).isEqualTo(1);
  }

  private List<String> fixture() throws Exception {
    return Files.readAllLines(Path.of(getClass().getResource("/fixtures/plugin-failure.ndjson").toURI()));
  }

  private static LoadSummary load(Path dir, List<String> lines) throws Exception {
    Path input = dir.resolve(INPUT);
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(input))) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    List<IndexDefinition> indexes = new ArrayList<>(IndexSpec.defaults().indexes());
    indexes.add(new IndexDefinition("by-name", null, null, null, FailingIndexer.class.getName()));
    TableNames names = new TableNames("plugin_failure");
    IndexSpec spec = new IndexSpec(indexes);
    try {
      return TestLoads.load(MiniHBase.connection(), names, spec, LoadMode.DIRECT, dir.resolve("rejects"), input);
    } finally { // the shared cluster reopens every region after a restart: leave it no more than needed
      new MonthTables(MiniHBase.connection(), names, spec, 1).drop(Month.parse("2013-08"));
    }
  }
}
