package org.observatory.api.query.engine;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.observatory.api.query.Progress;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.catalogue.AnswerQuery;
import org.observatory.api.query.catalogue.LookupQuery;
import org.observatory.api.query.catalogue.Query;
import org.observatory.api.query.catalogue.Share;
import org.observatory.api.query.index.Found;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.output.TweetLines;
import org.observatory.schemas.tables.StoredTweet;

/**
 * A query asked of one platform or of several ({@code platform=both}): as each one's engine parsed it
 * (a {@code @did:…} meme names an account on Bluesky alone), answered on each, and made one answer.
 *
 * @param queries the query as {@code engines}' engine of the same place parsed it
 */
public record Asked(List<QueryEngine> engines, List<Query> queries) {
  /** Tweets fetched at a time when a lookup's lines interleave platforms. */
  private static final int WINDOW = 2_000;

  public Asked {
    engines = List.copyOf(engines);
    queries = List.copyOf(queries);
  }

  /** The query of one platform. */
  public static Asked of(QueryEngine engine, Query query) {
    return new Asked(List.of(engine), List.of(query));
  }

  /** What the query is, as the first platform parsed it: its kind, window and cost are every one's. */
  public Query query() {
    return queries.get(0);
  }

  /** @param progress told how far a phase-2 MapReduce job has got, when one runs */
  public QueryResult answer(Progress progress) throws IOException {
    return answer((AnswerQuery<?>) query(), System.nanoTime(), progress);
  }

  @SuppressWarnings("unchecked") // every platform's query is the same record, parsed by its engine
  private <V> QueryResult answer(AnswerQuery<V> first, long began, Progress progress) throws IOException {
    List<Share<V>> shares = new ArrayList<>();
    for (int i = 0; i < engines.size(); i++) {
      shares.add(engines.get(i).gather((AnswerQuery<V>) queries.get(i), progress));
    }
    return first.answer(shares, began);
  }

  /** Phase 1 of a lookup on every platform asked. */
  public Finding find() throws IOException {
    List<Found> found = new ArrayList<>();
    for (int i = 0; i < engines.size(); i++) {
      found.add(engines.get(i).find((LookupQuery) queries.get(i)));
    }
    return new Finding(engines, found);
  }

  /**
   * Phase 2 of a lookup: the tweets found written in time order as the lines say. Across platforms
   * each line also names its post's address ({@code uri}, {@code url}; null for a tweet), and the
   * tweets are fetched a window at a time, each platform's part of it from its own tables.
   */
  public void writeTweets(Finding finding, TweetLines asked, OutputStream out) throws IOException {
    if (engines.size() == 1) {
      engines.get(0).writeTweets(finding.found().get(0), asked, out);
      return;
    }
    TweetLines fields = asked.withPostAddress();
    List<int[]> order = finding.inTimeOrder(); // {platform, index}
    try (TweetLines.Writer writer = fields.writer(out)) {
      if (!fields.needsFetch()) {
        TweetHits all = new TweetHits();
        order.forEach(at -> all.add(finding.tweets(at[0]).id(at[1]), finding.tweets(at[0]).time(at[1])));
        writer.ids(all);
        return;
      }
      for (int from = 0; from < order.size(); from += WINDOW) {
        write(finding, order.subList(from, Math.min(order.size(), from + WINDOW)), fields, writer);
      }
    }
  }

  /** One window of the lines: each platform's tweets fetched, then written in the window's order. */
  private void write(Finding finding, List<int[]> window, TweetLines fields, TweetLines.Writer writer)
      throws IOException {
    List<Map<Long, StoredTweet>> tweets = new ArrayList<>();
    List<Map<Long, JsonNode>> statuses = new ArrayList<>();
    for (int p = 0; p < engines.size(); p++) {
      TweetHits part = new TweetHits();
      for (int[] at : window) {
        if (at[0] == p) {
          part.add(finding.tweets(p).id(at[1]), finding.tweets(p).time(at[1]));
        }
      }
      List<StoredTweet> fetched = engines.get(p).phases().fetch(part, fields.withJson());
      Map<Long, StoredTweet> byId = new HashMap<>();
      fetched.forEach(t -> byId.put(t.id(), t));
      tweets.add(byId);
      Map<Long, JsonNode> assembled = new HashMap<>();
      if (fields.originals()) {
        List<JsonNode> rebuilt = engines.get(p).phases().assemble(fetched);
        for (int i = 0; i < fetched.size(); i++) {
          assembled.put(fetched.get(i).id(), rebuilt.get(i));
        }
      }
      statuses.add(assembled);
    }
    for (int[] at : window) { // a tweet deleted since phase 1 is not written
      long id = finding.tweets(at[0]).id(at[1]);
      if (fields.originals() && statuses.get(at[0]).containsKey(id)) {
        writer.statuses(List.of(statuses.get(at[0]).get(id)));
      } else if (!fields.originals() && tweets.get(at[0]).containsKey(id)) {
        writer.tweets(List.of(tweets.get(at[0]).get(id)));
      }
    }
  }
}
