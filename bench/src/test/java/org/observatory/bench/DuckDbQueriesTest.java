package org.observatory.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.observatory.api.query.Progress;
import org.observatory.api.query.catalogue.AnswerQuery;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.query.engine.QueryEngine;
import org.observatory.api.query.fetch.TweetAssembler;
import org.observatory.api.query.fetch.TweetFetcher;
import org.observatory.api.query.fetch.mapreduce.ContentJob;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.QueryResult;
import org.observatory.generator.Generator;
import org.observatory.generator.GeneratorSettings;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/**
 * DuckDB's answers over the raw generated files equal Observatory's over the same files loaded: the
 * benchmark compares their speed only where they agree.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class DuckDbQueriesTest {
  private static final LocalDate FIRST = LocalDate.parse("2012-06-06");
  private static final int DAYS = 4;
  private static final List<String> MEMES = List.of("#euro2012");
  private final long start = DuckDbQueries.dayStart(FIRST);
  private final long end = DuckDbQueries.dayStart(FIRST.plusDays(DAYS));
  private final ExecutorService pool = Executors.newFixedThreadPool(4);
  private DuckDbQueries duck;
  private QueryEngine engine;
  private long extendedStatuses;

  @BeforeAll
  void generateLoadAndOpen() throws Exception {
    Path dir = Files.createTempDirectory("duckdb");
    List<Path> files = Generator.write(GeneratorSettings.defaults(FIRST, DAYS, 3_000).withEventStart(FIRST.plusDays(1))
        .withMalformedShare(0.01), dir.resolve("tweets")).files();
    Connection connection = MiniHBase.connection();
    TableNames names = new TableNames("duckdb");
    TestLoads.load(connection, names, dir.resolve("rejects"), files.toArray(Path[]::new));
    IndexSpec spec = IndexSpec.defaults();
    IndexScanner scanner = new IndexScanner(connection, names, spec, pool, 30_000, 5_000_000);
    ContentJob job = new ContentJob(connection.getConfiguration(), names, spec,
        new ContentJob.Settings(new org.apache.hadoop.fs.Path(dir.resolve("work").toString()), 2), 60_000);
    engine = new QueryEngine(spec, new QuerySettings(), scanner, new TweetFetcher(connection, names, pool, 30_000),
        new TweetAssembler(connection, names), job);
    duck = new DuckDbQueries(files);
    extendedStatuses = files.stream().flatMap(DuckDbQueriesTest::lines).filter(l -> l.contains("\"extended_tweet\":{"))
        .count();
  }

  private static Stream<String> lines(Path gzipped) {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(gzipped)), StandardCharsets.UTF_8))) {
      return in.lines().toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void theDaysHoldStatusesOver140Characters() {
    // their own entities cover the first 140 characters only: a peer reading those would disagree
    assertThat(extendedStatuses).isGreaterThan(100);
  }

  @AfterAll
  void close() throws Exception {
    duck.close();
    pool.shutdownNow();
  }

  @Test
  void indexOnlyCountsAgree() throws Exception {
    QueryResult memePostCount = answer("meme-post-count");
    QueryResult timestampCount = answer("timestamp-count");

    assertThat(duck.memePostCount(MEMES, start, end)).isEqualTo(memePostCount.counts());
    assertThat(memePostCount.counts().get("#euro2012")).isGreaterThan(100);
    assertThat(duck.timestampCount(MEMES, start, end)).isEqualTo(timestampCount.counts()).hasSize(DAYS);
  }

  @Test
  void contentAnswersAgree() throws Exception {
    assertThat(duck.userPostCount(MEMES, start, end))
        .isEqualTo(answer("user-post-count").rows()).hasSizeGreaterThan(50);
    assertThat(duck.memeCooccurrenceCount(MEMES, start, end))
        .isEqualTo(answer("meme-cooccurrence-count").counts()).isNotEmpty();
    assertThat(duck.retweetEdges(MEMES, start, end))
        .isEqualTo(answer("retweet-edges").rows()).isNotEmpty();
    assertThat(duck.mentionEdges(MEMES, start, end))
        .isEqualTo(answer("mention-edges").rows()).isNotEmpty();
  }

  /** The query over #euro2012 in the whole corpus, asked as the service asks it. */
  private QueryResult answer(String query) throws Exception {
    return engine.answer((AnswerQuery<?>) engine.parse(query,
        Map.of("memes", "#euro2012", "start", FIRST.toString(), "end", last())), Progress.IGNORED);
  }

  private static String last() {
    return FIRST.plusDays(DAYS - 1).toString();
  }
}
