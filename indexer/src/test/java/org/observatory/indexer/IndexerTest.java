package org.observatory.indexer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexTable;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.RowKeys;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.schemas.tweet.TweetParser;
import org.observatory.testdata.SharedData;

class IndexerTest {
  private static final TableNames NAMES = new TableNames("test");
  private final Indexer indexer = new Indexer(IndexSpec.defaults(), NAMES);

  // A retweet (2016-01) of a 2015-12 original; written for this test, not taken from the corpus.
  private static final String RETWEET = """
      {"created_at":"Wed Jan 06 07:30:00 +0000 2016","id":684638028707401728,"id_str":"684638028707401728",
       "text":"RT @Orig_Author: Goal! #Euro2016 #euro2016 @Fan https://t.co/x","lang":"es",
       "user":{"id":2586825686,"id_str":"2586825686","screen_name":"ArathHdz","followers_count":5},
       "entities":{"hashtags":[{"text":"Euro2016","indices":[23,32]},{"text":"euro2016","indices":[33,42]}],
         "user_mentions":[{"screen_name":"Orig_Author","id":11,"id_str":"11","indices":[3,15]},
                          {"screen_name":"Fan","id":22,"id_str":"22","indices":[43,47]}],
         "urls":[{"url":"https://t.co/x","expanded_url":"http://example.org/goal","indices":[48,62]}]},
       "retweeted_status":{"created_at":"Thu Dec 31 23:59:59 +0000 2015","id":682699042463809536,
         "id_str":"682699042463809536","text":"Goal! #Euro2016 #euro2016 @Fan https://t.co/x",
         "user":{"id":11,"id_str":"11","screen_name":"Orig_Author"},
         "entities":{"hashtags":[{"text":"Euro2016","indices":[6,15]}],"user_mentions":[],"urls":[]}}}
      """.replace("\n", "");

  @Test
  void storesAndIndexesEachTweetInTheMonthOfItsOwnCreation() throws Exception {
    StreamItem.Status status = (StreamItem.Status) new TweetParser().parse(RETWEET);
    Tweet retweet = status.tweet();
    Tweet original = status.embedded().get(0);

    Map<String, List<TableMutation>> bySource =
        indexer.mutations(retweet, indexer.place(List.of(retweet))).stream().collect(Collectors.groupingBy(TableMutation::source));

    assertThat(bySource.get(TableMutation.TWEETS).get(0).table()).isEqualTo(NAMES.tweets(Month.parse("2016-01")));
    assertThat(rows(bySource.get("meme")))
        .containsExactly("#euro2016", "@orig_author", "@fan", "@id:11", "@id:22", "http://example.org/goal");
    assertThat(rows(bySource.get("user-tweets"))).containsExactly("2586825686");
    assertThat(rows(bySource.get("screen-name"))).containsExactly("arathhdz");
    assertThat(qualifiers(bySource.get("screen-name"))).containsExactly(2586825686L);
    assertThat(rows(bySource.get("retweet"))).containsExactly("682699042463809536");
    Cell retweetCell = bySource.get("retweet").get(0).put().getFamilyCellMap().values().iterator().next().get(0);
    assertThat(Bytes.toLong(CellUtil.cloneValue(retweetCell))).as("retweeter's user id").isEqualTo(2586825686L);
    assertThat(rows(bySource.get("text"))).containsExactly("goal");
    for (TableMutation m : indexer.mutations(retweet, indexer.place(List.of(retweet)))) {
      boolean data = m.source().equals(TableMutation.TWEETS) || m.source().equals(TableMutation.USERS);
      for (Cell c : m.put().getFamilyCellMap().values().iterator().next()) {
        assertThat(data ? c.getTimestamp() : IndexTable.createdAt(c)).as("%s cell time", m.source())
            .isEqualTo(data ? retweet.observedAt() : retweet.createdAt());
      }
    }

    List<TableMutation> originalMutations = indexer.mutations(original, indexer.place(List.of(original)));
    assertThat(originalMutations).extracting(TableMutation::table)
        .allMatch(t -> NAMES.monthOf(t).orElseThrow().equals(Month.parse("2015-12")));
    assertThat(originalMutations).filteredOn(m -> m.source().equals("retweet")).isEmpty();
  }

  @Test
  void indexesEveryTweetOfTheCorpusWithoutFailing() throws Exception {
    TweetParser parser = new TweetParser();
    long tweets = 0;
    for (String file : SharedData.allFiles()) {
      try (Stream<String> lines = SharedData.lines(file)) {
        for (String line : (Iterable<String>) lines::iterator) {
          if (parser.parse(line) instanceof StreamItem.Status status) {
            for (Tweet t : status.all()) {
              assertThat(indexer.mutations(t, indexer.place(List.of(t)))).hasSizeGreaterThanOrEqualTo(4);
              tweets++;
            }
          }
        }
      }
    }
    assertThat(tweets).isGreaterThan(50_000);
  }

  @Test
  void runsAPluginIndexerNamedInTheSpecification(@TempDir Path dir) throws Exception {
    Path spec = dir.resolve("spec.yaml");
    Files.writeString(spec, """
        indexes:
          - name: lang
            class: org.observatory.indexer.LanguageIndexer
        """, StandardCharsets.UTF_8);
    Indexer custom = new Indexer(IndexSpec.load(spec), NAMES);
    Tweet tweet = ((StreamItem.Status) new TweetParser().parse(RETWEET)).tweet();

    List<TableMutation> mutations = custom.indexMutations("lang", tweet, custom.place(List.of(tweet)));

    assertThat(rows(mutations)).containsExactly("es");
    assertThat(mutations.get(0).table()).isEqualTo(NAMES.index("lang", Month.parse("2016-01")));
  }

  @Test
  void rejectsBadSpecificationsWithAMessage(@TempDir Path dir) throws Exception {
    assertThat(specError(dir, "indexes: [{name: m, keys: [{field: hashtag}]}]")).contains("unknown field 'hashtag'");
    assertThat(specError(dir, "indexes: [{name: M, keys: [{field: hashtags}]}]")).contains("index name");
    assertThat(specError(dir, "indexes: [{name: m, keys: [{field: hashtags}], value: text}]")).contains("value must be an id field");
    assertThat(specError(dir, "indexes: [{name: m}]")).contains("either keys or a plug-in class");
    assertThat(specError(dir, "indexes: [{name: m, keys: [{field: hashtags, form: stemmed}]}]")).contains("stemmed");
    Path bad = dir.resolve("plugin.yaml");
    Files.writeString(bad, "indexes: [{name: p, class: no.such.Indexer}]");
    assertThatThrownBy(() -> new Indexer(IndexSpec.load(bad), NAMES)).hasMessageContaining("class not found");
  }

  private static String specError(Path dir, String yaml) throws Exception {
    Path spec = dir.resolve("bad.yaml");
    Files.writeString(spec, yaml);
    try {
      IndexSpec.load(spec);
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
    throw new AssertionError("accepted: " + yaml);
  }

  private static List<String> rows(List<TableMutation> mutations) {
    return mutations.stream().map(m -> RowKeys.indexKey(m.put().getRow())).toList();
  }

  private static List<Long> qualifiers(List<TableMutation> mutations) {
    return mutations.stream()
        .map(m -> RowKeys.id(CellUtil.cloneQualifier(m.put().getFamilyCellMap().values().iterator().next().get(0))))
        .toList();
  }
}
