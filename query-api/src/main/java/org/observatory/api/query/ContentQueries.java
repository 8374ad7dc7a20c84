package org.observatory.api.query;

import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.observatory.api.query.job.ContentJob;
import org.observatory.schemas.tables.Month;

/**
 * The queries that need the matching tweets' content. Phase 1 finds the tweets in the meme index;
 * phase 2 fetches and tallies them — in the service up to the configured threshold, above it in a
 * MapReduce job — and the tallies become the answer.
 */
public final class ContentQueries {
  /** Phase 2 fetched the tweets in the service. */
  public static final String IN_SERVICE = "index+fetch";
  /** Phase 2 ran as a MapReduce job. */
  public static final String MAPREDUCE = "index+mapreduce";
  /** The index's user ids answered user-post-count; only each user's latest tweet was fetched, for a label. */
  public static final String FROM_INDEX = "index+labels";

  private final IndexScanner scanner;
  private final TweetFetcher fetcher;
  private final ContentJob job;
  private final QuerySettings settings;
  private final long timeoutMillis;

  /** @param timeoutMillis how long a phase-2 MapReduce job may run */
  public ContentQueries(IndexScanner scanner, TweetFetcher fetcher, ContentJob job, QuerySettings settings,
      long timeoutMillis) {
    this.scanner = scanner;
    this.fetcher = fetcher;
    this.job = job;
    this.settings = settings;
    this.timeoutMillis = timeoutMillis;
  }

  /** Per user, the number of matching tweets they posted, with their latest screen name; most first. */
  public QueryResult userPostCount(String memes, String start, String end) throws IOException {
    return run(ContentQuery.USER_POST_COUNT, memes, start, end, ContentJob.Progress.IGNORED);
  }

  /** The other memes of the matching tweets, with the number of tweets carrying each; most first. */
  public QueryResult memeCooccurrenceCount(String memes, String start, String end) throws IOException {
    return run(ContentQuery.MEME_COOCCURRENCE_COUNT, memes, start, end, ContentJob.Progress.IGNORED);
  }

  /** Directed edges retweeter → original author among the matching retweets, weighted by count. */
  public QueryResult retweetEdges(String memes, String start, String end) throws IOException {
    return run(ContentQuery.RETWEET_EDGES, memes, start, end, ContentJob.Progress.IGNORED);
  }

  /** Directed edges poster → mentioned user in the matching tweets, weighted by the tweets that mention. */
  public QueryResult mentionEdges(String memes, String start, String end) throws IOException {
    return run(ContentQuery.MENTION_EDGES, memes, start, end, ContentJob.Progress.IGNORED);
  }

  /** @param progress told how far a phase-2 MapReduce job has got, when one runs */
  public QueryResult run(ContentQuery query, String memes, String start, String end, ContentJob.Progress progress)
      throws IOException {
    long began = System.nanoTime();
    List<Meme> asked = Meme.parseList(memes, settings.maxMemes());
    TimeWindow window = TimeWindow.parse(start, end, settings.maxWindowDays());
    List<IndexScanner.Key> keys = asked.stream().map(Meme::key).toList();
    IndexScanner.IndexHits found = query == ContentQuery.USER_POST_COUNT
        ? scanner.scanWithUserIds(MemeQueries.MEME_INDEX, keys, window)
        : scanner.scan(MemeQueries.MEME_INDEX, keys, window);
    // Months whose index holds the posters' ids answer user-post-count from it; the rest need phase 2.
    Set<Month> fromIndex = Set.copyOf(found.userIdMonths());
    IndexedUserCounts counted = new IndexedUserCounts();
    Map<Long, Long> tweets = new HashMap<>();
    TweetHits distinct = found.distinct();
    for (int i = 0; i < distinct.size(); i++) {
      if (fromIndex.contains(Month.of(distinct.time(i)))) {
        counted.add(distinct.id(i), distinct.time(i), distinct.value(i));
      } else {
        tweets.put(distinct.id(i), distinct.time(i));
      }
    }
    boolean big = tweets.size() > settings.mapReduceThreshold();
    Map<String, Tally> tallies;
    if (big) {
      tallies = job.run(query, asked, tweets, timeoutMillis, progress);
    } else {
      Tallies inService = new Tallies();
      fetcher.fetch(tweets, tweet -> query.tally(tweet, asked, inService));
      tallies = inService.asMap();
    }
    if (!counted.isEmpty()) {
      tallies = counted.mergeWith(tallies, fetcher);
    }
    String phase2 = big ? MAPREDUCE : IN_SERVICE;
    Map<String, String> paths = new LinkedHashMap<>();
    found.months().forEach(m -> paths.put(m.toString(), fromIndex.contains(m) ? FROM_INDEX : phase2));
    ContentQuery.Answer answer = query.answer(tallies);
    return new QueryResult(query.queryName(), window.startInstant(), window.endInstant(), answer.counts(),
        answer.rows(), new QueryResult.Meta(List.copyOf(paths.keySet()), distinct.size(),
            fromIndex.containsAll(found.months()) && !fromIndex.isEmpty() ? FROM_INDEX : phase2,
            (System.nanoTime() - began) / 1_000_000, fromIndex.isEmpty() ? null : paths, found.skipped()));
  }
}
