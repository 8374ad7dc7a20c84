package org.observatory.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.testing.UsesStore;

/**
 * The harness, end to end at its smallest: every stage runs Observatory's real commands on a real
 * embedded store, and the report, JSON and charts come out. Figures are reported, never asserted; what is
 * checked is that they are there and consistent with each other and with the raw files.
 */
@UsesStore
class HarnessSmokeTest {
  @Test
  void oneSmallRunMeasuresEveryStageAndWritesTheReport(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("results");
    HarnessSettings s = HarnessSettings.parse("--days", "2", "--per-day", "400", "--first-day", "2012-06-07",
        "--event-start", "2012-06-08", "--paced-rate", "1000", "--paced-days", "1", "--runs", "1", "--load-runs", "2",
        "--windows", "3h,1d", "--peer-runs", "1", "--peer-windows", "3h,1d", "--out", out.toString(),
        "--work", dir.resolve("work").toString(),
        "--java-opts", "-Xmx1g " + System.getProperty("observatory.jdkOpenings"));

    Harness.Results r = Harness.run(s);
    String markdown = Report.write(r, out);

    LoadStage.Figures loads = r.loads();
    for (LoadStage.Rate rate : List.of(loads.direct(), loads.bulk(), loads.stream())) {
      assertThat(rate.tweetsPerSecond()).isPositive();
      assertThat(rate.runSeconds()).as("a load's seconds, a run a round").hasSize(2).allMatch(seconds -> seconds > 0);
      assertThat(rate.seconds()).isCloseTo((rate.runSeconds().get(0) + rate.runSeconds().get(1)) / 2,
          org.assertj.core.data.Offset.offset(0.051));
      assertThat(rate.ratioToCeiling()).isCloseTo(rate.tweetsPerSecond() / loads.parseCeilingTweetsPerSecond(),
          org.assertj.core.data.Offset.offset(0.001));
    }
    assertThat(loads.paced().arrivalToStored().coldStartP99Ms()).isNotNegative();
    assertThat(r.storage().tables()).containsKeys("tweets", "users", "index-meme", "index-text");
    assertThat(r.storage().totalBytes()).isEqualTo(
        r.storage().tables().values().stream().mapToLong(StorageStage.Table::bytes).sum());
    assertThat(r.queries().timings()).hasSize(QueryStage.QUERIES.size() * 2);
    assertThat(r.queries().timings()).filteredOn(t -> t.query().equals(QueryStage.FETCH_PROBE))
        .as("the shipped meme index carries every meme").extracting(QueryStage.Timing::evaluation)
        .containsOnly("index-only");
    assertThat(r.queries().mapReduce()).as("nothing to force through MapReduce").isEmpty();

    // Both sides answered every count query alike, and the service's tweets for the meme number
    // what DuckDB counts in the raw files.
    assertThat(r.peer()).hasSize(PeerComparison.QUERIES.size() * 2).allMatch(PeerComparison.Timing::agree);
    try (DuckDbQueries duck = new DuckDbQueries(r.corpus().paths())) {
      Instant start = s.eventStart();
      Map<String, Long> counted = duck.memePostCount(List.of(s.meme()), start.toEpochMilli(),
          Window.parse("1d").end(start).toEpochMilli());
      assertThat(counted.get(s.meme())).isPositive();
      assertThat((long) QueryStage.find(r.queries().timings(), "get-tweets-with-meme", "1d").size())
          .isEqualTo(counted.get(s.meme()));
    }

    // The peers' stores of the same files: OpenSearch holds each tweet once, deletes honoured, as
    // counted here from the raw JSON.
    assertThat(loads.indexCeilingTweetsPerSecond()).isPositive();
    assertThat(r.peerLoads()).extracting(PeerLoads.Peer::name)
        .containsExactly(PeerLoads.SEARCH_DEFAULT, PeerLoads.SEARCH_SMALLEST, PeerLoads.DUCKDB);
    assertThat(r.peerLoads()).allMatch(p -> p.seconds() > 0 && p.bytes() > 0 && p.documents() > 0);
    assertThat(r.peerLoads()).allMatch(p -> p.runSeconds().size() == 2);
    long kept = keptTweets(r.corpus().paths());
    assertThat(r.peerLoads().subList(0, 2)).extracting(PeerLoads.Peer::documents).containsOnly(kept);
    assertThat(markdown).contains("## Beside the peers", "index ceiling", "(goal: above 1)",
        "Each load ran 2 times, in rounds", " (" + loads.bulk().runSeconds().get(0) + ", ");

    assertThat(r.coordination()).extracting(CoordinationStage.Timing::trace).isEqualTo(CoordinationStage.TRACES);
    assertThat(r.coordination()).allMatch(t -> t.similarityMs() <= t.medianMs() && t.accountsKept() <= t.accounts());
    assertThat(markdown).contains("## Headline", "of the ceiling", "x the .json.gz input",
        "DuckDB's time over Observatory's: mention-edges", "## Coordinated accounts", "| co-burst |");
    assertThat(Files.readString(out.resolve("report.md"))).isEqualTo(markdown);
    JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    assertThat(json.at("/queries/timings")).hasSize(r.queries().timings().size());
    assertThat(json.at("/loads/bulk/tweetsPerSecond").asDouble()).isEqualTo(loads.bulk().tweetsPerSecond());
    for (String chart : List.of("loads.png", "storage.png", "queries.png", "duckdb.png")) {
      BufferedImage image = ImageIO.read(out.resolve(chart).toFile());
      assertThat(image.getWidth()).as(chart).isEqualTo(900);
    }

    // The corpus is kept, and a second run with the same settings uses it without generating again.
    assertThat(r.corpus().generatorStatusesPerSecond()).isPositive();
    Corpus again = Corpus.ensure(new App("", JavaOptions.forAll(List.of()), dir.resolve("unused-logs")), s);
    assertThat(again.generatorStatusesPerSecond()).isNull();
    assertThat(again.files()).isEqualTo(r.corpus().files());
  }

  /** Distinct tweets of the files, embedded originals included, less those a delete notice names. */
  private static long keptTweets(List<Path> files) throws IOException {
    Set<Long> tweets = new HashSet<>();
    Set<Long> deleted = new HashSet<>();
    ObjectMapper json = new ObjectMapper();
    for (Path file : files) {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(
          new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          JsonNode node;
          try {
            node = json.readTree(line);
          } catch (IOException cutOff) {
            continue;
          }
          if (node.has("delete")) {
            deleted.add(node.at("/delete/status/id").asLong());
          } else {
            collect(node, tweets);
          }
        }
      }
    }
    tweets.removeAll(deleted);
    return tweets.size();
  }

  private static void collect(JsonNode status, Set<Long> tweets) {
    if (status.hasNonNull("id") && status.hasNonNull("created_at")) {
      tweets.add(status.get("id").asLong());
      collect(status.path("retweeted_status"), tweets);
      collect(status.path("quoted_status"), tweets);
    }
  }
}
