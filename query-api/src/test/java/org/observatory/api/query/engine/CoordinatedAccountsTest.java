package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.fetch.Phase2;
import org.observatory.api.query.index.MemoryStore;
import org.observatory.api.query.output.QueryResult;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;

/**
 * coordinated-accounts on a real day loaded into a store in memory, for each kind of trace, against
 * the TF-IDF cosines, pairs and clusters computed here from the raw file's tweets, pair by pair.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CoordinatedAccountsTest {
  private static final String DAY = "2013-08-10";
  private static final long BURST_MILLIS = 60_000;
  /** A 1% sample's day: ten of its 1,653 retweeters retweeted twice, so every account is kept. */
  private static final int MIN_TRACES = 1;
  private static final double THRESHOLD = 0.5;
  private final ExecutorService pool = Executors.newFixedThreadPool(4);
  private final MemoryStore store = new MemoryStore();
  private List<String> memes;
  private List<RawMemes.RawTweet> matching;
  private Ask ask;
  /** Each account's name in force, as the last {@link #rawTraces} read it. */
  private final Map<Long, String> names = new HashMap<>();

  @BeforeAll
  void loadADay() throws IOException {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    memes = new ArrayList<>(raw.mostFrequent("#", 6));
    memes.addAll(raw.mostFrequent("@", 1));
    long start = java.time.LocalDate.parse(DAY).atStartOfDay(java.time.ZoneOffset.UTC).toInstant().toEpochMilli();
    matching = raw.tweets().stream().filter(t -> t.createdAt() >= start && t.createdAt() < start + 86_400_000L)
        .filter(t -> memes.stream().anyMatch(t.memes()::contains)).toList();
    IndexSpec spec = IndexSpec.defaults();
    TableNames names = new TableNames("coordination");
    store.load(names, spec, SharedData.file(SharedData.DAY_2013));
    ask = Ask.inService(store.connection(), names, spec, pool);
  }

  @AfterAll
  void stop() {
    pool.shutdownNow();
  }

  @ParameterizedTest
  @ValueSource(strings = {"co-retweet", "co-url", "co-hashtags", "co-burst"})
  void everyPairItsSimilarityAndItsClusterAreTheRawFilesTfIdfCosines(String trace) throws IOException {
    Map<Long, Map<String, Integer>> traces = rawTraces(trace);
    Expected expected = new Expected(traces);

    QueryResult result = coordinated(trace, "shared", "true");

    Map<List<Long>, Double> edges = new HashMap<>();
    for (Map<String, Object> row : result.rows()) {
      List<Long> pair = List.of((Long) row.get("source"), (Long) row.get("target"));
      edges.put(pair, (Double) row.get("weight"));
      assertThat(pair.get(0)).isLessThan(pair.get(1));
      Set<String> both = new HashSet<>(traces.get(pair.get(0)).keySet());
      both.retainAll(traces.get(pair.get(1)).keySet());
      assertThat(row.get("traces")).as("the traces %s share", pair).isEqualTo(both.stream().sorted().toList());
      assertThat(row.get("shared")).isEqualTo(both.size());
      assertThat(row.get("sourceName")).isEqualTo(names.get(pair.get(0)));
      assertThat(row.get("targetName")).isEqualTo(names.get(pair.get(1)));
    }
    assertThat(edges.keySet()).isEqualTo(expected.similar.keySet());
    expected.similar.forEach((pair, cosine) -> assertThat(edges.get(pair)).as("%s", pair).isCloseTo(cosine, within(2e-6)));
    assertThat(result.rows()).extracting(r -> (Double) r.get("weight"))
        .isSortedAccordingTo(Comparator.reverseOrder());
    assertThat(expected.similar).as("a real day has accounts this alike by %s", trace).isNotEmpty();

    QueryResult.Coordination coordination = result.coordination();
    assertThat(coordination.accounts()).isEqualTo(traces.size());
    assertThat(coordination.accountsKept()).isEqualTo(expected.kept.size());
    assertThat(coordination.pairs()).isEqualTo(expected.similar.size());
    assertThat(coordination.clusters()).extracting(c -> c.accounts().stream().map(QueryResult.Account::userId).toList())
        .isEqualTo(expected.clusters());
    for (Map<String, Object> row : result.rows()) {
      List<Long> cluster = coordination.clusters().get((Integer) row.get("cluster") - 1).accounts().stream()
          .map(QueryResult.Account::userId).toList();
      assertThat(cluster).contains((Long) row.get("source"), (Long) row.get("target"));
    }
  }

  @Test
  void accountsThatLeftTooFewTracesAreLeftOutBeforeTheWeightsAreMade() throws IOException {
    Map<Long, Map<String, Integer>> traces = rawTraces("co-burst");
    long twice = traces.values().stream().filter(t -> t.values().stream().mapToInt(Integer::intValue).sum() >= 2).count();

    QueryResult result = coordinated("co-burst", "minTraces", "2");

    assertThat(result.coordination().accountsKept()).isEqualTo(twice).isLessThan(traces.size());
    assertThat(result.coordination().clusters()).flatExtracting(QueryResult.Cluster::accounts)
        .allMatch(a -> a.traces() >= 2).isNotEmpty();
  }

  @Test
  void tracesTheCellsCarryAreReadFromTheIndexAndRetweetedIdsFromTheTweets() throws IOException {
    assertThat(coordinated("co-hashtags").meta().evaluation()).isEqualTo(QueryResult.INDEX_ONLY);
    assertThat(coordinated("co-burst").meta().evaluation()).isEqualTo(QueryResult.INDEX_ONLY);
    assertThat(coordinated("co-retweet").meta().evaluation()).isEqualTo(Phase2.IN_SERVICE);
  }

  @Test
  void aLimitKeepsTheMostAlikePairsAndTheClustersOfThemAll() throws IOException {
    QueryResult whole = coordinated("co-retweet");
    QueryResult cut = coordinated("co-retweet", "limit", "3");

    assertThat(cut.rows()).isEqualTo(whole.rows().subList(0, 3));
    assertThat(cut.meta().cuts()).containsExactly(new QueryResult.Cut("edges", 3, whole.rows().size(), "the most alike"));
    assertThat(cut.coordination().clusters()).isEqualTo(whole.coordination().clusters());
  }

  @ParameterizedTest
  @ValueSource(strings = {"trace=co-likes", "threshold=0", "threshold=1.5", "threshold=high", "minTraces=0",
      "burst=0", "burst=86401", "shared=maybe"})
  void badParametersAreRefusedSayingWhy(String parameter) {
    String[] p = parameter.split("=");
    assertThatThrownBy(() -> ask.answer("coordinated-accounts", "memes", memes.get(0), "start", DAY, "end", DAY,
        "trace", "co-burst", p[0], p[1])).isInstanceOf(BadQueryException.class).hasMessageContaining(p[0]);
  }

  private QueryResult coordinated(String trace, String... more) throws IOException {
    List<String> parameters = new ArrayList<>(List.of("memes", String.join(",", memes), "start", DAY, "end", DAY,
        "trace", trace, "minTraces", Integer.toString(MIN_TRACES), "threshold", Double.toString(THRESHOLD),
        "burst", Long.toString(BURST_MILLIS / 1000)));
    parameters.addAll(List.of(more));
    return ask.answer("coordinated-accounts", parameters.toArray(String[]::new));
  }

  /** Per account, how often it left each trace, read from the raw tweets as the query's manual defines traces. */
  private Map<Long, Map<String, Integer>> rawTraces(String trace) {
    Map<Long, Map<String, Integer>> traces = new HashMap<>();
    Map<Long, RawMemes.RawTweet> latest = new HashMap<>();
    for (RawMemes.RawTweet t : matching) {
      List<String> left = new ArrayList<>();
      boolean retweet = t.retweetOfId() != 0;
      switch (trace) {
        case "co-retweet" -> {
          if (retweet) {
            left.add(Long.toString(t.retweetOfId()));
          }
        }
        case "co-url" -> {
          if (!retweet) {
            left.addAll(new LinkedHashSet<>(t.urls()));
          }
        }
        case "co-hashtags" -> {
          Set<String> tags = new LinkedHashSet<>();
          t.hashtags().forEach(h -> tags.add("#" + h.toLowerCase(Locale.ROOT)));
          if (!retweet && tags.size() >= 2) {
            left.add(String.join(" ", tags));
          }
        }
        default -> {
          long interval = Math.floorDiv(t.createdAt(), BURST_MILLIS) * (BURST_MILLIS / 1000);
          memes.stream().filter(t.memes()::contains).forEach(m -> left.add(interval + " " + m));
        }
      }
      for (String each : left) {
        traces.computeIfAbsent(t.userId(), u -> new HashMap<>()).merge(each, 1, Integer::sum);
      }
      // an account's name in force: its latest tweet's among those that left a trace, ties to the greater
      if (!left.isEmpty()) {
        latest.merge(t.userId(), t, (x, y) -> x.createdAt() != y.createdAt()
            ? (x.createdAt() > y.createdAt() ? x : y) : (x.screenName().compareTo(y.screenName()) >= 0 ? x : y));
      }
    }
    names.clear();
    latest.forEach((user, t) -> names.put(user, t.screenName()));
    return traces;
  }

  /** The answer worked out the long way: weights, cosines of every pair sharing a trace, components. */
  private final class Expected {
    final Map<Long, Map<String, Double>> kept = new TreeMap<>();
    final Map<List<Long>, Double> similar = new HashMap<>();

    Expected(Map<Long, Map<String, Integer>> traces) {
      Map<String, Integer> accountsOf = new HashMap<>();
      traces.forEach((user, counts) -> {
        if (counts.values().stream().mapToInt(Integer::intValue).sum() >= MIN_TRACES) {
          kept.put(user, new HashMap<>());
          counts.keySet().forEach(t -> accountsOf.merge(t, 1, Integer::sum));
        }
      });
      int n = kept.size();
      kept.forEach((user, weights) -> {
        traces.get(user).forEach((t, c) -> weights.put(t,
            (1 + Math.log(c)) * (Math.log((1.0 + n) / (1 + accountsOf.get(t))) + 1)));
        double length = Math.sqrt(weights.values().stream().mapToDouble(w -> w * w).sum());
        weights.replaceAll((t, w) -> w / length);
      });
      Map<String, List<Long>> byTrace = new HashMap<>();
      kept.forEach((user, weights) -> weights.keySet().forEach(t -> byTrace.computeIfAbsent(t, k -> new ArrayList<>())
          .add(user)));
      Set<List<Long>> sharing = new HashSet<>();
      byTrace.values().forEach(users -> {
        for (long a : users) {
          for (long b : users) {
            if (a < b) {
              sharing.add(List.of(a, b));
            }
          }
        }
      });
      for (List<Long> pair : sharing) {
        Map<String, Double> a = kept.get(pair.get(0));
        Map<String, Double> b = kept.get(pair.get(1));
        double cosine = a.entrySet().stream().mapToDouble(e -> e.getValue() * b.getOrDefault(e.getKey(), 0.0)).sum();
        if (cosine >= THRESHOLD - 1e-9) {
          similar.put(pair, cosine);
        }
      }
    }

    /** The components of the pairs kept, each in user id order, the largest first (ties to the lowest id). */
    List<List<Long>> clusters() {
      Map<Long, Set<Long>> next = new HashMap<>();
      similar.keySet().forEach(p -> {
        next.computeIfAbsent(p.get(0), k -> new HashSet<>()).add(p.get(1));
        next.computeIfAbsent(p.get(1), k -> new HashSet<>()).add(p.get(0));
      });
      Set<Long> seen = new HashSet<>();
      List<List<Long>> components = new ArrayList<>();
      for (long user : new java.util.TreeSet<>(next.keySet())) {
        if (seen.add(user)) {
          List<Long> component = new ArrayList<>();
          ArrayDeque<Long> queue = new ArrayDeque<>(List.of(user));
          while (!queue.isEmpty()) {
            long u = queue.poll();
            component.add(u);
            next.get(u).stream().filter(seen::add).forEach(queue::add);
          }
          component.sort(null);
          components.add(component);
        }
      }
      components.sort(Comparator.<List<Long>>comparingInt(c -> -c.size()).thenComparingLong(c -> c.get(0)));
      return components;
    }
  }
}
