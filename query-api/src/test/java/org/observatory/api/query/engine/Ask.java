package org.observatory.api.query.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.apache.hadoop.hbase.client.Connection;
import org.observatory.api.query.Progress;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.catalogue.AnswerQuery;
import org.observatory.api.query.catalogue.LookupQuery;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.query.fetch.TweetAssembler;
import org.observatory.api.query.fetch.TweetFetcher;
import org.observatory.api.query.index.Found;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.output.TweetLines;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;

/** The engine asked as an HTTP request asks it: a query by name, its parameters as text. */
public final class Ask {
  private final QueryEngine engine;

  public Ask(QueryEngine engine) {
    this.engine = engine;
  }

  /** An engine for the shipped specification that answers from the indexes alone. */
  public static Ask indexOnly(IndexScanner scanner) {
    return new Ask(new QueryEngine(IndexSpec.defaults(), new QuerySettings(), scanner, null, null,
        (query, asked, tweets, progress) -> Map.of()));
  }

  /**
   * An engine over a namespace of a store, as the service connects to one, but that never runs a phase-2
   * job: each query it is asked reads in the service, and a job would fail the test.
   */
  public static Ask inService(Connection store, TableNames names, IndexSpec spec, ExecutorService pool) {
    return new Ask(new QueryEngine(spec, new QuerySettings(),
        new IndexScanner(store, names, spec, pool, 30_000, 5_000_000), new TweetFetcher(store, names, pool, 30_000),
        new TweetAssembler(store, names), (query, asked, tweets, progress) -> {
          throw new AssertionError("these answers are read in the service");
        }));
  }

  public QueryResult memePostCount(String memes, String start, String end) throws IOException {
    return answer("meme-post-count", "memes", memes, "start", start, "end", end);
  }

  public QueryResult timestampCount(String memes, String start, String end, String granularity) throws IOException {
    return answer("timestamp-count", "memes", memes, "start", start, "end", end, "granularity", granularity);
  }

  public QueryResult userPostCount(String memes, String start, String end) throws IOException {
    return run(ContentQuery.USER_POST_COUNT, memes, start, end, Progress.IGNORED);
  }

  public QueryResult memeCooccurrenceCount(String memes, String start, String end) throws IOException {
    return run(ContentQuery.MEME_COOCCURRENCE_COUNT, memes, start, end, Progress.IGNORED);
  }

  public QueryResult retweetEdges(String memes, String start, String end) throws IOException {
    return run(ContentQuery.RETWEET_EDGES, memes, start, end, Progress.IGNORED);
  }

  public QueryResult mentionEdges(String memes, String start, String end) throws IOException {
    return run(ContentQuery.MENTION_EDGES, memes, start, end, Progress.IGNORED);
  }

  /** top-memes with its parameters as names and values; a null value is not given. */
  public QueryResult topMemes(String... namesAndValues) throws IOException {
    return answer("top-memes", namesAndValues);
  }

  /** An edge list's rows as (source, target) → weight. */
  public static Map<List<Long>, Long> edges(QueryResult result) {
    Map<List<Long>, Long> edges = new HashMap<>();
    for (Map<String, Object> row : result.rows()) {
      edges.put(List.of(((Number) row.get("source")).longValue(), ((Number) row.get("target")).longValue()),
          ((Number) row.get("weight")).longValue());
    }
    return edges;
  }

  /** (source, target) → (sourceName, targetName), either null where the answer names no one. */
  public static Map<List<Long>, List<String>> edgeNames(QueryResult result) {
    Map<List<Long>, List<String>> names = new HashMap<>();
    for (Map<String, Object> row : result.rows()) {
      names.put(List.of(((Number) row.get("source")).longValue(), ((Number) row.get("target")).longValue()),
          java.util.Arrays.asList((String) row.get("sourceName"), (String) row.get("targetName")));
    }
    return names;
  }

  /** A tally query by its content query, whose API name is its own, dashed. */
  QueryResult run(ContentQuery query, String memes, String start, String end, Progress progress) throws IOException {
    String name = query.name().toLowerCase(Locale.ROOT).replace('_', '-');
    return engine.answer((AnswerQuery<?>) engine.parse(name, parameters("memes", memes, "start", start, "end", end)),
        progress);
  }

  Found withMemes(String memes, TimeWindow window) throws IOException {
    return find("get-tweets-with-meme", "memes", memes, window);
  }

  Found withText(String words, TimeWindow window) throws IOException {
    return find("get-tweets-with-text", "words", words, window);
  }

  Found withUser(String user, TimeWindow window) throws IOException {
    return find("get-tweets-with-user", "user", user, window);
  }

  Found retweetsOf(String tweetId, TimeWindow window) throws IOException {
    return find("get-retweets", "id", tweetId, window);
  }

  /** Writes found tweets as a lookup with these {@code fields} does. */
  void write(Found found, String fields, OutputStream out) throws IOException {
    engine.writeTweets(found, TweetLines.parse(fields), out);
  }

  /** A lookup's tweets as its parameters ({@code format}, {@code sample}, {@code fields}) have them written. */
  String export(String query, String... namesAndValues) throws IOException {
    LookupQuery lookup = (LookupQuery) engine.parse(query, parameters(namesAndValues));
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    engine.writeTweets(engine.find(lookup), lookup.fields(), out);
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  QueryResult answer(String query, String... parameters) throws IOException {
    return engine.answer((AnswerQuery<?>) engine.parse(query, parameters(parameters)), Progress.IGNORED);
  }

  private Found find(String query, String name, String value, TimeWindow window) throws IOException {
    String end = Instant.ofEpochMilli(window.endExclusive() - 1).toString(); // a date-time end is included
    return engine.find((LookupQuery) engine.parse(query,
        parameters(name, value, "start", window.startInstant().toString(), "end", end)));
  }

  /** Names and values; a null value is a parameter not given. */
  private static Map<String, String> parameters(String... namesAndValues) {
    Map<String, String> given = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      if (namesAndValues[i + 1] != null) {
        given.put(namesAndValues[i], namesAndValues[i + 1]);
      }
    }
    return given;
  }
}
