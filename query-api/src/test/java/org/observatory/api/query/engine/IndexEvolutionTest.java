package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.observatory.api.query.Progress;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.query.fetch.Phase2;
import org.observatory.api.query.fetch.TweetAssembler;
import org.observatory.api.query.fetch.TweetFetcher;
import org.observatory.api.query.fetch.mapreduce.ContentJob;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.historical.LoadMode;
import org.observatory.loader.reindex.Reindex;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/**
 * A meme index loaded without user ids, queried, rebuilt with them (and the fields the default's cells
 * carry) while queries run, and queried again: user-post-count, the edges and co-occurrence move from
 * phase 2 (in the service and in a MapReduce job alike) to the index, month by month, with the same
 * answer, and user-post-count's along the way matches the raw file.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class IndexEvolutionTest {
  private static final String WINDOW_START = "2013-06-01";
  private static final String WINDOW_END = "2013-08-31T23:59:59Z";
  private final Connection connection = MiniHBase.connection();
  private final TableNames names = new TableNames("evolution");
  private final ExecutorService pool = Executors.newFixedThreadPool(4);
  private final IndexSpec withoutUserIds = new IndexSpec(IndexSpec.defaults().indexes().stream()
      .map(d -> d.name().equals("meme") ? new IndexDefinition(d.name(), d.keys(), d.qualifier(), null, null) : d)
      .toList());
  private RawMemes raw;
  private String memes;
  private Ask content;
  private Ask alwaysMapReduce;

  @BeforeAll
  void loadWithoutUserIds() throws Exception {
    TestLoads.load(connection, names, withoutUserIds, LoadMode.DIRECT, Files.createTempDirectory("evolution"),
        SharedData.file(SharedData.DAY_2013));
    raw = RawMemes.of(SharedData.DAY_2013);
    List<String> top = new ArrayList<>(raw.mostFrequent("#", 4));
    top.addAll(raw.mostFrequent("@", 1));
    memes = String.join(",", top);
    // the service's specification in force: the default, whose meme index carries user ids
    content = ask(IndexSpec.defaults(), new QuerySettings());
    alwaysMapReduce = ask(IndexSpec.defaults(), new QuerySettings().mapReduceThreshold(0));
  }

  @AfterAll
  void stop() {
    pool.shutdownNow();
  }

  @Test
  void contentQueriesMoveToTheIndexWhenItIsRebuiltCarryingWhatTheyReadAndAnswerTheSameThroughout() throws Exception {
    List<Map<String, Object>> expected = RawAnswers.userPostCount(raw, List.of(memes.split(",")), "2013-06-01",
        "2013-09-01");
    QueryResult phase2 = userPostCount(content);
    QueryResult viaJob = userPostCount(alwaysMapReduce);
    assertThat(phase2.meta().evaluation()).isEqualTo(Phase2.IN_SERVICE);
    assertThat(viaJob.meta().evaluation()).isEqualTo(Phase2.MAPREDUCE);
    assertThat(phase2.rows()).isEqualTo(expected).isNotEmpty();
    assertThat(viaJob.rows()).isEqualTo(expected);
    Map<ContentQuery, Object> others = new HashMap<>();
    for (ContentQuery query : List.of(ContentQuery.RETWEET_EDGES, ContentQuery.MENTION_EDGES,
        ContentQuery.MEME_COOCCURRENCE_COUNT, ContentQuery.MEME_NETWORK)) {
      QueryResult fetched = content.run(query, memes, WINDOW_START, WINDOW_END, Progress.IGNORED);
      QueryResult tallied = alwaysMapReduce.run(query, memes, WINDOW_START, WINDOW_END, Progress.IGNORED);
      assertThat(fetched.meta().evaluation()).isEqualTo(Phase2.IN_SERVICE);
      assertThat(tallied.meta().evaluation()).isEqualTo(Phase2.MAPREDUCE);
      assertThat(answerOf(tallied)).as("%s", query).isEqualTo(answerOf(fetched));
      assertThat(answerOf(fetched).toString()).as("%s", query).isNotEqualTo("[]").isNotEqualTo("{}");
      others.put(query, answerOf(fetched));
    }

    Month august = Month.parse("2013-08");
    Reindex reindex = new Reindex(new LoaderKit(connection, names, IndexSpec.defaults(), 1), new Reindex.Settings(2, 60, 1_500, 1_500,
        new org.apache.hadoop.fs.Path(Files.createTempDirectory("reindex-work").toString())));
    CompletableFuture<Reindex.Summary> rebuild = CompletableFuture.supplyAsync(() -> {
      try {
        return reindex.run(List.of("meme"), august, august, false);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    List<String> seen = new ArrayList<>();
    while (!rebuild.isDone()) {
      QueryResult during = userPostCount(content);
      assertThat(during.rows()).as("answered at %s", Instant.now()).isEqualTo(expected);
      seen.add(during.meta().evaluation());
    }
    assertThat(rebuild.get().tweets()).isPositive();
    assertThat(seen).as("queries ran during the rebuild").hasSizeGreaterThan(2);

    QueryResult after = userPostCount(content);
    assertThat(after.rows()).isEqualTo(expected);
    assertThat(after.meta().paths()).containsEntry("2013-08", "index-only");
    assertThat(after.meta().paths()).as("older months keep phase 2")
        .containsValue(Phase2.IN_SERVICE).hasSize(after.meta().months().size());
    assertThat(userPostCount(alwaysMapReduce).rows()).isEqualTo(expected);
    for (Map.Entry<ContentQuery, Object> before : others.entrySet()) {
      QueryResult rebuilt = content.run(before.getKey(), memes, WINDOW_START, WINDOW_END, Progress.IGNORED);
      assertThat(answerOf(rebuilt)).as("%s", before.getKey()).isEqualTo(before.getValue());
      assertThat(rebuilt.meta().paths()).containsEntry("2013-08", "index-only");
    }
  }

  @Test
  void monthsWhoseIndexWasBuiltByOtherKeysAreLeftOutAndSaidSo() throws Exception {
    IndexSpec otherKeys = new IndexSpec(IndexSpec.defaults().indexes().stream()
        .map(d -> d.name().equals("meme") ? new IndexDefinition(d.name(), d.keys().subList(0, 1), d.qualifier(),
            d.value(), null) : d)
        .toList());
    // memes read by the shipped rules, months judged by the other keys
    Ask strict = new Ask(new QueryEngine(IndexSpec.defaults(), new QuerySettings(),
        new IndexScanner(connection, names, otherKeys, pool, 30_000, 5_000_000),
        new TweetFetcher(connection, names, pool, 30_000), new TweetAssembler(connection, names),
        (query, asked, tweets, progress) -> Map.of()));

    QueryResult result = strict.memePostCount(memes, WINDOW_START, WINDOW_END);

    assertThat(result.meta().months()).isEmpty();
    assertThat(result.meta().skipped()).extracting(QueryResult.Skipped::month).contains("2013-08");
    assertThat(result.meta().skipped()).allSatisfy(s -> assertThat(s.reason())
        .contains("another definition").contains("observatory reindex --index meme " + s.month()));
    assertThat(result.counts().values()).containsOnly(0L);
  }

  /** A content answer as counts (co-occurrence) or rows (the rest). */
  private static Object answerOf(QueryResult result) {
    return result.counts() != null ? result.counts() : result.rows();
  }

  private QueryResult userPostCount(Ask queries) throws Exception {
    return queries.run(ContentQuery.USER_POST_COUNT, memes, WINDOW_START, WINDOW_END, Progress.IGNORED);
  }

  /** The engine with the specification in force in the service. */
  private Ask ask(IndexSpec inForce, QuerySettings settings) throws Exception {
    IndexScanner scanner = new IndexScanner(connection, names, inForce, pool, 30_000, 5_000_000);
    TweetFetcher fetcher = new TweetFetcher(connection, names, pool, 30_000);
    ContentJob job = new ContentJob(connection.getConfiguration(), names, inForce,
        new ContentJob.Settings(new org.apache.hadoop.fs.Path(Files.createTempDirectory("work").toString()), 2), 60_000);
    return new Ask(new QueryEngine(inForce, settings, scanner, fetcher, new TweetAssembler(connection, names), job));
  }
}
