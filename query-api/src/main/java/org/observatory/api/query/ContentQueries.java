package org.observatory.api.query;

import java.io.IOException;
import java.util.List;
import java.util.Map;
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
    IndexScanner.IndexHits found = scanner.scan(MemeQueries.MEME_INDEX, asked.stream().map(Meme::key).toList(), window);
    Map<Long, Long> tweets = found.union();
    boolean big = tweets.size() > settings.mapReduceThreshold();
    Map<String, Tally> tallies;
    if (big) {
      tallies = job.run(query, asked, tweets, timeoutMillis, progress);
    } else {
      Tallies inService = new Tallies();
      fetcher.fetch(tweets, tweet -> query.tally(tweet, asked, inService));
      tallies = inService.asMap();
    }
    ContentQuery.Answer answer = query.answer(tallies);
    return new QueryResult(query.queryName(), window.startInstant(), window.endInstant(), answer.counts(),
        answer.rows(), new QueryResult.Meta(found.months().stream().map(Month::toString).toList(), tweets.size(),
            big ? MAPREDUCE : IN_SERVICE, (System.nanoTime() - began) / 1_000_000));
  }
}
