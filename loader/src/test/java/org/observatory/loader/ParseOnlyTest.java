package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.indexer.Indexer;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;

/** The dry run: parsing alone, and parsing with an index specification's indexer, without a store. */
class ParseOnlyTest {
  private final TableNames names = new TableNames(TableNames.DEFAULT_NAMESPACE);

  @Test
  void indexingCountsEachIndexsPutsForEveryTweetParsed() throws Exception {
    Path day = SharedData.file(SharedData.DAY_2013);
    List<JsonNode> statuses = SharedData.lines(SharedData.DAY_2013)
        .map(Json::parsed).flatMap(java.util.Optional::stream).filter(Json::isStatus).toList();
    long retweets = statuses.stream().filter(s -> s.hasNonNull("retweeted_status")).count();

    LoadSummary parsed = ParseOnly.run(List.of(day), null);
    LoadSummary indexed = ParseOnly.run(List.of(day), new Indexer(IndexSpec.defaults(), names));

    assertThat(parsed.counters().puts()).isEmpty();
    assertThat(indexed.counters().sum(LoadCounter.STATUSES)).isEqualTo(statuses.size());
    assertThat(indexed.counters().puts().get("tweets")).as("every tweet, embedded originals too")
        .isEqualTo(indexed.counters().tweets()).isGreaterThan(statuses.size());
    assertThat(indexed.counters().puts().get("retweet")).as("one entry a retweet").isEqualTo(retweets);
    assertThat(indexed.counters().puts()).containsKeys("meme", "text", "trend", "user-tweets", "screen-name", "users");
    assertThat(indexed.counters().sum(LoadCounter.INDEXER_FAILURES)).isZero();
  }

  @Test
  void onSeveralThreadsEveryFileIsReadAndIndexedOnce() throws Exception {
    List<Path> days = List.of(SharedData.file(SharedData.DAY_2013), SharedData.file(SharedData.DAY_2016));
    long statuses = 0;
    for (String day : List.of(SharedData.DAY_2013, SharedData.DAY_2016)) {
      statuses += SharedData.lines(day).map(Json::parsed).flatMap(java.util.Optional::stream).filter(Json::isStatus).count();
    }
    Indexer indexer = new Indexer(IndexSpec.defaults(), names);

    LoadSummary oneThread = ParseOnly.run(days, indexer, 1);
    LoadSummary twoThreads = ParseOnly.run(days, indexer, 2);

    assertThat(twoThreads.counters().sum(LoadCounter.STATUSES)).isEqualTo(statuses);
    assertThat(twoThreads.counters().sum(LoadCounter.LINES)).isEqualTo(oneThread.counters().sum(LoadCounter.LINES));
    assertThat(twoThreads.counters().puts()).isEqualTo(oneThread.counters().puts()).containsKey("meme");
  }

  @Test
  void aPlugInsFailuresAreCountedTweetByTweet(@TempDir Path dir) throws Exception {
    Path input = dir.resolve("tweets.2013-08-10.json.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(input))) {
      Files.copy(Path.of(getClass().getResource("/fixtures/plugin-failure.ndjson").toURI()), out);
    }
    List<IndexDefinition> indexes = new ArrayList<>(IndexSpec.defaults().indexes());
    indexes.add(new IndexDefinition("by-name", null, null, null, FailingIndexer.class.getName()));

    LoadSummary summary = ParseOnly.run(List.of(input), new Indexer(new IndexSpec(indexes), names));

    assertThat(summary.counters().sum(LoadCounter.INDEXER_FAILURES))
        .as("@breaks's status, and @breaks's original inside @carol's retweet").isEqualTo(2);
    assertThat(summary.counters().sum(LoadCounter.MALFORMED)).isEqualTo(1);
    assertThat(summary.counters().puts().get("by-name")).as("@alice's status and @carol's retweet").isEqualTo(2);
  }
}
