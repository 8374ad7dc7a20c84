package org.observatory.api.query;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.StoredTweet;

/**
 * The queries that need the matching tweets' content: phase 1 finds the tweets in the meme index,
 * phase 2 fetches their decoded fields, and the answer is aggregated as they arrive.
 */
public final class ContentQueries {
  private static final String FETCH = "index+fetch";

  private final IndexScanner scanner;
  private final TweetFetcher fetcher;
  private final QuerySettings settings;

  public ContentQueries(IndexScanner scanner, TweetFetcher fetcher, QuerySettings settings) {
    this.scanner = scanner;
    this.fetcher = fetcher;
    this.settings = settings;
  }

  /** Per user, the number of matching tweets they posted, with their latest screen name; most first. */
  public QueryResult userPostCount(String memes, String start, String end) throws IOException {
    Map<Long, long[]> counts = new HashMap<>(); // user id → {tweets, created-at of the screen name kept}
    Map<Long, String> screenNames = new HashMap<>();
    return run("user-post-count", memes, start, end, (asked, tweet) -> {
      long[] c = counts.computeIfAbsent(tweet.userId(), u -> new long[2]);
      c[0]++;
      if (tweet.createdAt() >= c[1]) {
        c[1] = tweet.createdAt();
        screenNames.put(tweet.userId(), tweet.screenName());
      }
    }, () -> rows(counts.entrySet().stream()
        .sorted(Comparator.<Map.Entry<Long, long[]>>comparingLong(e -> -e.getValue()[0]).thenComparing(Map.Entry::getKey))
        .map(e -> row("userId", e.getKey(), "screenName", screenNames.get(e.getKey()), "count", e.getValue()[0]))
        .toList()));
  }

  /** The other memes of the matching tweets, with the number of tweets carrying each; most first. */
  public QueryResult memeCooccurrenceCount(String memes, String start, String end) throws IOException {
    Map<String, Long> counts = new HashMap<>();
    return run("meme-cooccurrence-count", memes, start, end, (asked, tweet) -> {
      for (String meme : memesOf(tweet)) {
        if (asked.stream().noneMatch(a -> a.isPrefix() ? meme.startsWith(a.indexKey()) : meme.equals(a.indexKey()))) {
          counts.merge(meme, 1L, Long::sum);
        }
      }
    }, () -> {
      Map<String, Long> sorted = new LinkedHashMap<>();
      counts.entrySet().stream()
          .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
          .forEach(e -> sorted.put(e.getKey(), e.getValue()));
      return new Answer(sorted, null);
    });
  }

  /** Directed edges retweeter → original author among the matching retweets, weighted by count. */
  public QueryResult retweetEdges(String memes, String start, String end) throws IOException {
    Map<List<Long>, Long> edges = new HashMap<>();
    return run("retweet-edges", memes, start, end, (asked, tweet) -> {
      if (tweet.retweetOf() != null) {
        edges.merge(List.of(tweet.userId(), tweet.retweetOf().userId()), 1L, Long::sum);
      }
    }, () -> edgeRows(edges));
  }

  /** Directed edges poster → mentioned user in the matching tweets, weighted by the tweets that mention. */
  public QueryResult mentionEdges(String memes, String start, String end) throws IOException {
    Map<List<Long>, Long> edges = new HashMap<>();
    return run("mention-edges", memes, start, end, (asked, tweet) -> {
      Set<Long> mentioned = new LinkedHashSet<>();
      tweet.mentions().forEach(m -> mentioned.add(m.userId()));
      mentioned.forEach(target -> edges.merge(List.of(tweet.userId(), target), 1L, Long::sum));
    }, () -> edgeRows(edges));
  }

  /** The memes of a stored tweet as the default meme index keys them (hashtags, mentions, URLs). */
  static List<String> memesOf(StoredTweet tweet) {
    Set<String> memes = new LinkedHashSet<>();
    tweet.hashtags().forEach(h -> memes.add("#" + h.toLowerCase(Locale.ROOT)));
    tweet.mentions().forEach(m -> memes.add("@" + m.screenName().toLowerCase(Locale.ROOT)));
    memes.addAll(tweet.urls());
    return new ArrayList<>(memes);
  }

  private interface Aggregation {
    void add(List<Meme> asked, StoredTweet tweet);
  }

  private interface Finish {
    Answer answer();
  }

  private record Answer(Map<String, Long> counts, List<Map<String, Object>> rows) {}

  private QueryResult run(String query, String memes, String start, String end, Aggregation aggregation,
      Finish finish) throws IOException {
    long began = System.nanoTime();
    List<Meme> asked = Meme.parseList(memes, settings.maxMemes());
    TimeWindow window = TimeWindow.parse(start, end, settings.maxWindowDays());
    IndexScanner.IndexHits found = scanner.scan(MemeQueries.MEME_INDEX, asked.stream().map(Meme::key).toList(), window);
    Map<Long, Long> tweets = found.union();
    Consumer<StoredTweet> consumer = tweet -> aggregation.add(asked, tweet);
    fetcher.fetch(tweets, consumer);
    Answer answer = finish.answer();
    return new QueryResult(query, window.startInstant(), window.endInstant(), answer.counts(), answer.rows(),
        new QueryResult.Meta(found.months().stream().map(Month::toString).toList(), tweets.size(), FETCH,
            (System.nanoTime() - began) / 1_000_000));
  }

  private static Answer rows(List<Map<String, Object>> rows) {
    return new Answer(null, rows);
  }

  private static Answer edgeRows(Map<List<Long>, Long> edges) {
    return rows(edges.entrySet().stream()
        .sorted(Comparator.<Map.Entry<List<Long>, Long>>comparingLong(e -> -e.getValue())
            .thenComparing(e -> e.getKey().get(0)).thenComparing(e -> e.getKey().get(1)))
        .map(e -> row("source", e.getKey().get(0), "target", e.getKey().get(1), "weight", e.getValue()))
        .toList());
  }

  private static Map<String, Object> row(Object... keysAndValues) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      row.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return row;
  }
}
