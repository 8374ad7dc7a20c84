package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.observatory.api.query.catalogue.TallyQuery;
import org.observatory.api.query.fetch.Phase2;
import org.observatory.api.query.index.MemoryStore;
import org.observatory.api.query.output.QueryResult;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;

/**
 * A content query's three evaluation paths, on a real day loaded into a store in memory by the
 * loaders' own path: the meme index's cells carry what the query reads (tallied, nothing fetched);
 * they hold the posters' ids (user-post-count counts them and fetches each user's latest tweet, for
 * a label); they hold nothing (every matching tweet fetched). Each answers what the raw file says, and
 * again the same from the hours it kept.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EvaluationPathsTest {
  private static final String START = "2013-08-01";
  private static final String END = "2013-08-31T23:59:59Z";
  private static final Month AUGUST = Month.parse("2013-08");
  private final ExecutorService pool = Executors.newFixedThreadPool(4);
  private final MemoryStore store = new MemoryStore();
  private RawMemes raw;
  private String memes;
  private List<Map<String, Object>> userPosts;
  private Map<List<Long>, Long> retweets;

  @BeforeAll
  void readTheRawFile() {
    raw = RawMemes.of(SharedData.DAY_2013);
    List<String> asked = new ArrayList<>(raw.mostFrequent("#", 4));
    asked.addAll(raw.mostFrequent("@", 1));
    memes = String.join(",", asked);
    userPosts = RawAnswers.userPostCount(raw, asked, START, "2013-09-01");
    retweets = RawAnswers.retweetEdges(raw, asked, START, "2013-09-01");
  }

  @AfterAll
  void stop() {
    pool.shutdownNow();
  }

  @Test
  void cellsCarryingWhatTheQueryReadsAreTalliedAndNothingIsFetched() throws Exception {
    Loaded loaded = load("carrying", d -> d);

    assertThat(loaded.userPostCount(QueryResult.INDEX_ONLY)).isEqualTo(new Asked<>(userPosts, 0));
    assertThat(userPosts).isNotEmpty();
    assertThat(loaded.retweetEdges(QueryResult.INDEX_ONLY)).isEqualTo(new Asked<>(retweets, 0));
    assertThat(retweets).isNotEmpty();
  }

  @Test
  void cellsHoldingThePostersIdsCountUsersAndFetchEachOnesLatestTweetForALabel() throws Exception {
    Loaded loaded = load("user_ids", d -> new IndexDefinition(d.name(), d.keys(), d.qualifier(), d.value(), null));

    assertThat(loaded.userPostCount(TallyQuery.FROM_INDEX)).as("each user's latest tweet read")
        .isEqualTo(new Asked<>(userPosts, userPosts.size()));
    assertThat(loaded.retweetEdges(Phase2.IN_SERVICE).answer()).isEqualTo(retweets);
  }

  @Test
  void cellsHoldingNothingFetchEveryMatchingTweet() throws Exception {
    Loaded loaded = load("bare", d -> new IndexDefinition(d.name(), d.keys(), d.qualifier(), null, null));

    long matching = userPosts.stream().mapToLong(row -> ((Number) row.get("count")).longValue()).sum();
    assertThat(loaded.userPostCount(Phase2.IN_SERVICE)).as("every matching tweet read")
        .isEqualTo(new Asked<>(userPosts, matching));
    assertThat(loaded.retweetEdges(Phase2.IN_SERVICE)).isEqualTo(new Asked<>(retweets, matching));
  }

  /** The day loaded with the meme index defined as {@code meme} makes it, the service reading it so too. */
  private Loaded load(String namespace, UnaryOperator<IndexDefinition> meme) throws IOException {
    IndexSpec spec = new IndexSpec(IndexSpec.defaults().indexes().stream()
        .map(d -> d.name().equals("meme") ? meme.apply(d) : d).toList());
    TableNames names = new TableNames("paths_" + namespace);
    store.load(names, spec, SharedData.file(SharedData.DAY_2013));
    Ask ask = Ask.inService(store.connection(), names, spec, pool);
    return new Loaded(ask, names);
  }

  /** An answer, and the tweet rows read to make it. */
  private record Asked<T>(T answer, long tweetsRead) {}

  /** The engine over a namespace of the store; each query asked twice, the second answer from the hours kept. */
  private final class Loaded {
    private final Ask ask;
    private final TableName tweets;

    Loaded(Ask ask, TableNames names) {
      this.ask = ask;
      this.tweets = names.tweets(AUGUST);
    }

    Asked<List<Map<String, Object>>> userPostCount(String path) throws IOException {
      long before = store.rowsRead(tweets);
      QueryResult first = ask.userPostCount(memes, START, END);
      long read = store.rowsRead(tweets) - before;
      assertThat(first.meta().evaluation()).isEqualTo(path);
      assertThat(ask.userPostCount(memes, START, END).rows()).as("again").isEqualTo(first.rows());
      return new Asked<>(first.rows(), read);
    }

    Asked<Map<List<Long>, Long>> retweetEdges(String path) throws IOException {
      long before = store.rowsRead(tweets);
      QueryResult first = ask.retweetEdges(memes, START, END);
      long read = store.rowsRead(tweets) - before;
      assertThat(first.meta().evaluation()).isEqualTo(path);
      assertThat(Ask.edges(ask.retweetEdges(memes, START, END))).as("again").isEqualTo(Ask.edges(first));
      return new Asked<>(Ask.edges(first), read);
    }
  }
}
