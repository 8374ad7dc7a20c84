package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.observatory.api.query.output.QueryResult;
import org.observatory.testdata.RawMemes;
import org.observatory.testing.UsesStore;

/** diffusion-edges on a real day in the mini cluster, against the typed edges of the raw file's tweets. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class DiffusionEdgesTest {
  private QueriedDay loaded;
  private String memes;
  private Map<List<Object>, List<Object>> expected;

  @BeforeAll
  void loadADay() throws Exception {
    loaded = new QueriedDay("diffusion_day");
    memes = String.join(",", loaded.memes());
    expected = rawEdges(loaded.matching(loaded.memes()));
  }

  @AfterAll
  void stop() throws Exception {
    loaded.close();
  }

  @Test
  void everyTypedEdgeWithItsWeightTimesAndTweetsMatchesTheRawFile() throws Exception {
    QueryResult result = ask("tweetIds", "true");

    assertThat(edges(result)).isEqualTo(expected);
    Set<Object> types = new HashSet<>();
    result.rows().forEach(r -> types.add(r.get("type")));
    assertThat(types).contains("retweet", "mention", "reply");
    assertThat(result.meta().evaluation()).as("quotes and replies are not in the cells").isEqualTo("index+fetch");
    assertThat(result.meta().cuts()).isEmpty();
  }

  @Test
  void retweetsAndMentionsAloneComeFromTheCells() throws Exception {
    QueryResult result = ask("types", "retweet,mention", "tweetIds", "true");

    Map<List<Object>, List<Object>> some = new HashMap<>(expected);
    some.keySet().removeIf(k -> !k.get(2).equals("retweet") && !k.get(2).equals("mention"));
    assertThat(edges(result)).isEqualTo(some);
    assertThat(result.meta().evaluation()).isEqualTo("index-only");
  }

  @Test
  void aLimitKeepsTheHeaviestEdgesAndSaysHowManyThereWere() throws Exception {
    QueryResult result = ask("limit", "5");

    List<Long> weights = expected.values().stream().map(v -> (Long) v.get(0)).sorted((a, b) -> Long.compare(b, a))
        .toList();
    assertThat(result.rows()).extracting(r -> r.get("weight")).containsExactlyElementsOf(weights.subList(0, 5));
    assertThat(result.meta().cuts()).containsExactly(new QueryResult.Cut("edges", 5, expected.size(), "the heaviest"));
    assertThat(result.rows()).allMatch(r -> !r.containsKey("tweets"));
  }

  @Test
  void aNodeCapKeepsTheEdgesAmongTheUsersOfMostWeight() throws Exception {
    Map<Long, Long> weights = new HashMap<>();
    expected.forEach((edge, spread) -> {
      weights.merge((Long) edge.get(0), (Long) spread.get(0), Long::sum);
      if (!edge.get(0).equals(edge.get(1))) {
        weights.merge((Long) edge.get(1), (Long) spread.get(0), Long::sum);
      }
    });
    Set<Long> top = new HashSet<>(weights.entrySet().stream()
        .sorted(Map.Entry.<Long, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .limit(10).map(Map.Entry::getKey).toList());
    Map<List<Object>, List<Object>> among = new HashMap<>(expected);
    among.keySet().removeIf(e -> !top.contains((Long) e.get(0)) || !top.contains((Long) e.get(1)));

    QueryResult result = ask("nodes", "10", "tweetIds", "true");

    assertThat(edges(result)).isEqualTo(among).isNotEmpty();
    assertThat(result.meta().cuts()).extracting(QueryResult.Cut::what, QueryResult.Cut::kept, QueryResult.Cut::of)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("nodes", 10L, (long) weights.size()));
  }

  @Test
  void aroundAUserKeepsOnlyTheEdgesFromOrToThem() throws Exception {
    Map<Long, Long> edgesOf = new HashMap<>();
    expected.keySet().forEach(e -> {
      edgesOf.merge((Long) e.get(0), 1L, Long::sum);
      edgesOf.merge((Long) e.get(1), 1L, Long::sum);
    });
    long user = edgesOf.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    Map<List<Object>, List<Object>> theirs = new HashMap<>(expected);
    theirs.keySet().removeIf(e -> !e.get(0).equals(user) && !e.get(1).equals(user));

    QueryResult result = ask("around", String.valueOf(user), "tweetIds", "true");

    assertThat(edges(result)).isEqualTo(theirs).hasSizeGreaterThan(1);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ask("around", "@someone"))
        .isInstanceOf(org.observatory.api.query.BadQueryException.class)
        .hasMessageContaining("around must be a user id");
  }

  @Test
  void quoteEdgesOfADayWithQuotesMatchTheRawFile() throws Exception {
    String day = "2016-01-06";
    try (QueriedDay quoting = new QueriedDay("diffusion_quotes", org.observatory.testdata.SharedData.DAY_2016, day)) {
      List<String> memes = quoting.raw.mostFrequent("#", 20);
      Map<List<Object>, List<Object>> quotes = rawEdges(quoting.matching(memes));
      quotes.keySet().removeIf(k -> !k.get(2).equals("quote"));

      QueryResult result = quoting.ask.answer("diffusion-edges", "memes", String.join(",", memes), "start", day,
          "end", day, "types", "quote", "tweetIds", "true");

      assertThat(edges(result)).isEqualTo(quotes).isNotEmpty();
    }
  }

  private QueryResult ask(String... more) throws Exception {
    List<String> parameters = new ArrayList<>(List.of("memes", memes, "start", QueriedDay.DAY, "end", QueriedDay.DAY));
    parameters.addAll(List.of(more));
    return loaded.ask.answer("diffusion-edges", parameters.toArray(String[]::new));
  }

  /** (source, target, type) → (weight, first, last, tweet ids in order, source's name, target's name). */
  private static Map<List<Object>, List<Object>> edges(QueryResult result) {
    Map<List<Object>, List<Object>> edges = new HashMap<>();
    for (Map<String, Object> r : result.rows()) {
      edges.put(List.of(r.get("source"), r.get("target"), r.get("type")), java.util.Arrays.asList(r.get("weight"),
          r.get("first"), r.get("last"), r.get("tweets"), r.get("sourceName"), r.get("targetName")));
    }
    return edges;
  }

  /**
   * The typed edges of the raw tweets, named as their latest tweet names their ends: a retweet's
   * mention of the author it retweets is not a mention.
   */
  private static Map<List<Object>, List<Object>> rawEdges(List<RawMemes.RawTweet> tweets) {
    Map<List<Object>, List<RawMemes.RawTweet>> byEdge = new HashMap<>();
    for (RawMemes.RawTweet t : tweets) {
      List<List<Object>> edges = new ArrayList<>();
      if (t.retweetOfUserId() != 0) {
        edges.add(List.of(t.userId(), t.retweetOfUserId(), "retweet"));
      }
      if (t.quotedUserId() != 0) {
        edges.add(List.of(t.userId(), t.quotedUserId(), "quote"));
      }
      if (t.replyToUserId() != 0) {
        edges.add(List.of(t.userId(), t.replyToUserId(), "reply"));
      }
      t.mentionIds().stream().filter(m -> m != t.retweetOfUserId())
          .forEach(m -> edges.add(List.of(t.userId(), m, "mention")));
      edges.forEach(e -> byEdge.computeIfAbsent(e, k -> new ArrayList<>()).add(t));
    }
    Map<List<Object>, List<Object>> spread = new HashMap<>();
    byEdge.forEach((edge, ts) -> {
      List<String> names = RawEdgeNames.ofLatest(ts, (Long) edge.get(1));
      spread.put(edge, java.util.Arrays.asList((long) ts.size(),
          Instant.ofEpochMilli(ts.stream().mapToLong(RawMemes.RawTweet::createdAt).min().orElseThrow()).toString(),
          Instant.ofEpochMilli(ts.stream().mapToLong(RawMemes.RawTweet::createdAt).max().orElseThrow()).toString(),
          ts.stream().map(RawMemes.RawTweet::id).sorted().toList(), names.get(0), names.get(1)));
    });
    return spread;
  }
}
