package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.query.fetch.TweetAssembler;
import org.observatory.api.query.fetch.TweetFetcher;
import org.observatory.api.query.fetch.mapreduce.ContentJob;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.QueryResult;
import org.observatory.loader.historical.LoadMode;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/**
 * A specification with a renamed prefix ({@code $hashtag}) and an extra key rule ({@code lang:xx}):
 * the queries read memes by its rules, as the loader wrote them, checked against the raw file.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class CustomSpecQueryTest {
  private static final String DAY = "2013-08-10";
  private final Connection connection = MiniHBase.connection();
  private final TableNames names = new TableNames("custom_spec");
  private final ExecutorService pool = Executors.newFixedThreadPool(4);
  private RawMemes raw;
  private Ask ask;

  @BeforeAll
  void loadByTheCustomSpecification() throws Exception {
    IndexSpec spec = IndexSpec.load(Path.of(getClass().getResource("/custom-index-spec.yaml").toURI()));
    TestLoads.load(connection, names, spec, LoadMode.DIRECT, Files.createTempDirectory("custom"),
        SharedData.file(SharedData.DAY_2013));
    raw = RawMemes.of(SharedData.DAY_2013);
    ContentJob job = new ContentJob(connection.getConfiguration(), names, spec,
        new ContentJob.Settings(new org.apache.hadoop.fs.Path(Files.createTempDirectory("work").toString()), 2), 60_000);
    ask = new Ask(new QueryEngine(spec, new QuerySettings(), new IndexScanner(connection, names, spec, pool, 30_000,
        5_000_000), new TweetFetcher(connection, names, pool, 30_000), new TweetAssembler(connection, names), job));
  }

  @AfterAll
  void stop() {
    pool.shutdownNow();
  }

  @Test
  void aRenamedPrefixAndAnExtraRuleAreCountedAsTheRawFileHasThem() throws Exception {
    String hashtag = raw.mostFrequent("#", 1).get(0);
    String lang = mostFrequentLang();

    QueryResult result = ask.memePostCount("$" + hashtag.substring(1) + ",lang:" + lang, DAY, DAY);

    assertThat(result.counts().get("$" + hashtag.substring(1))).isEqualTo(raw.count(hashtag, start(), end()))
        .isPositive();
    assertThat(result.counts().get("lang:" + lang))
        .isEqualTo(raw.tweets().stream().filter(t -> inDay(t) && lang.equals(t.lang())).count()).isPositive();
  }

  @Test
  void theShippedPrefixIsNoLongerAMemeAndTheMessageNamesTheRulesInForce() {
    assertThatThrownBy(() -> ask.memePostCount("#euro2012", DAY, DAY))
        .isInstanceOf(BadQueryException.class).hasMessageContaining("$hashtag").hasMessageContaining("lang:");
  }

  @Test
  void coOccurrenceReportsTheMemesTheSpecificationKeys() throws Exception {
    String hashtag = raw.mostFrequent("#", 1).get(0);

    QueryResult result = ask.memeCooccurrenceCount("$" + hashtag.substring(1), DAY, DAY);

    List<RawMemes.RawTweet> matching = raw.tweets().stream().filter(t -> inDay(t) && t.memes().contains(hashtag))
        .toList();
    Map<String, Long> langs = matching.stream().map(RawMemes.RawTweet::lang).filter(Objects::nonNull)
        .collect(Collectors.groupingBy(l -> "lang:" + l, Collectors.counting()));
    assertThat(langs).isNotEmpty();
    langs.forEach((lang, count) -> assertThat(result.counts().get(lang)).as(lang).isEqualTo(count));
    assertThat(result.counts().keySet()).noneMatch(k -> k.startsWith("#")).doesNotContain("$" + hashtag.substring(1));
    String other = matching.stream().flatMap(t -> t.memes().stream()).filter(m -> m.startsWith("#") && !m.equals(hashtag))
        .collect(Collectors.groupingBy(Function.identity(), Collectors.counting())).entrySet().stream()
        .max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    assertThat(result.counts().get("$" + other.substring(1)))
        .isEqualTo(matching.stream().filter(t -> t.memes().contains(other)).count());
  }

  private String mostFrequentLang() {
    return raw.tweets().stream().filter(this::inDay).map(RawMemes.RawTweet::lang).filter(Objects::nonNull)
        .collect(Collectors.groupingBy(Function.identity(), Collectors.counting())).entrySet().stream()
        .max(Map.Entry.comparingByValue()).orElseThrow().getKey();
  }

  private boolean inDay(RawMemes.RawTweet t) {
    return t.createdAt() >= start() && t.createdAt() < end();
  }

  private static long start() {
    return java.time.LocalDate.parse(DAY).atStartOfDay(java.time.ZoneOffset.UTC).toInstant().toEpochMilli();
  }

  private static long end() {
    return start() + 86_400_000L;
  }
}
