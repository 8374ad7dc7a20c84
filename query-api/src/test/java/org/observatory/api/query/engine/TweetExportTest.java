package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.observatory.testdata.RawMemes;
import org.observatory.testing.UsesStore;

/**
 * A lookup's tweets exported from a real day in the mini cluster, against the raw file: ids alone, a
 * sample chosen by the documented hash of the ids, and twarc-csv's columns; deleted tweets in none.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class TweetExportTest {
  private QueriedDay loaded;
  private String meme;
  private List<RawMemes.RawTweet> matching;

  @BeforeAll
  void loadADay() throws Exception {
    loaded = new QueriedDay("export_day");
    meme = loaded.raw.mostFrequent("#", 1).get(0);
    matching = loaded.matching(List.of(meme)).stream()
        .sorted(Comparator.comparingLong(RawMemes.RawTweet::createdAt).thenComparingLong(RawMemes.RawTweet::id))
        .toList();
  }

  @AfterAll
  void stop() throws Exception {
    loaded.close();
  }

  @Test
  void idsAloneAreTheMatchingTweetsInTimeOrderWithoutTheDeletedOnes() throws Exception {
    List<Long> ids = ids(export("format", "ids"));

    assertThat(ids).isEqualTo(matching.stream().map(RawMemes.RawTweet::id).toList()).hasSizeGreaterThan(50);
    assertThat(loaded.raw.deleted()).isNotEmpty().doesNotContainAnyElementsOf(ids);
  }

  @Test
  void aSampleIsChosenByTheHashOfTheIdsAndASmallerOneIsInsideALarger() throws Exception {
    List<Long> all = ids(export("format", "ids"));
    List<Long> half = ids(export("format", "ids", "sample", "50%"));
    List<Long> tenth = ids(export("format", "ids", "sample", "0.1"));

    assertThat(half).isEqualTo(all.stream().filter(id -> inSample(id, 0.5)).toList());
    assertThat(tenth).isEqualTo(all.stream().filter(id -> inSample(id, 0.1)).toList());
    assertThat(half).containsAll(tenth);
    assertThat(half.size()).isBetween(all.size() / 3, all.size() * 2 / 3);
    assertThat(ids(export("format", "ids", "sample", "0.1"))).as("the same on every run").isEqualTo(tenth);
    assertThat(export("sample", "0.1").lines().count()).as("NDJSON lines, sampled alike").isEqualTo(tenth.size());
  }

  @Test
  void csvRowsCarryTwarcCsvsColumns() throws Exception {
    List<Map<String, String>> rows;
    try (MappingIterator<Map<String, String>> read = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY)
        .readerForMapOf(String.class).with(new CsvMapper().schemaWithHeader()).readValues(export("format", "csv"))) {
      rows = read.readAll();
    }

    assertThat(rows).hasSize(matching.size());
    assertThat(rows.get(0).keySet()).startsWith("id", "created_at", "author_id", "author.username", "text", "lang")
        .contains("referenced_tweets.retweeted.id", "entities.hashtags");
    for (int i = 0; i < rows.size(); i++) {
      Map<String, String> row = rows.get(i);
      RawMemes.RawTweet tweet = matching.get(i);
      assertThat(row.get("id")).isEqualTo(Long.toString(tweet.id()));
      assertThat(row.get("author_id")).isEqualTo(Long.toString(tweet.userId()));
      assertThat(row.get("author.username")).isEqualTo(tweet.screenName());
      assertThat(row.get("text")).isEqualTo(tweet.text());
      assertThat(row.get("created_at")).isEqualTo(java.time.Instant.ofEpochMilli(tweet.createdAt()).toString()
          .replace("Z", ".000Z"));
      assertThat(row.get("referenced_tweets.retweeted.id"))
          .isEqualTo(tweet.retweetOfId() == 0 ? "" : Long.toString(tweet.retweetOfId()));
      assertThat(row.get("entities.hashtags").toLowerCase()).contains("\"tag\":\"" + meme.substring(1) + "\"");
    }
  }

  private String export(String... parameters) throws Exception {
    String[] all = new String[parameters.length + 6];
    System.arraycopy(new String[] {"memes", meme, "start", QueriedDay.DAY, "end", QueriedDay.DAY}, 0, all, 0, 6);
    System.arraycopy(parameters, 0, all, 6, parameters.length);
    return loaded.ask.export("get-tweets-with-meme", all);
  }

  private static List<Long> ids(String lines) {
    return lines.lines().map(line -> line.startsWith("{") ? line.substring(6, line.indexOf(',')) : line)
        .map(Long::parseLong).toList();
  }

  /** The sample's rule as docs/api.md states it: SplitMix64's finalizer of the id, top 53 bits as a fraction. */
  private static boolean inSample(long id, double fraction) {
    long z = (id ^ (id >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    z ^= z >>> 31;
    return (z >>> 11) / (double) (1L << 53) < fraction;
  }
}
