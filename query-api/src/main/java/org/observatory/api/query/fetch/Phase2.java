package org.observatory.api.query.fetch;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.observatory.api.query.Meme;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.Progress;
import org.observatory.api.query.QueryTimeoutException;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.api.query.tally.Tallies;
import org.observatory.api.query.tally.Tally;

/**
 * Phase 2 of the tally queries: fetches the tweets phase 1 found and tallies them — in the service up
 * to the threshold, above it in a job beside the service — so that where it ran cannot change the answer.
 */
public final class Phase2 {
  /** Phase 2 fetched the tweets in the service. */
  public static final String IN_SERVICE = "index+fetch";
  /** Phase 2 ran as a MapReduce job. */
  public static final String MAPREDUCE = "index+mapreduce";

  /** Phase 2 of answers too big to fetch in the service. */
  @FunctionalInterface
  public interface Job {
    /**
     * The merged tallies of the tweets.
     *
     * @throws QueryTimeoutException when the job runs past the timeout (it is killed)
     */
    Map<String, Tally> tally(ContentQuery query, List<Meme> asked, TweetHits tweets, Progress progress)
        throws IOException;

    /** Whether the job runs on a cluster, rather than beside the service on its own cores. */
    default boolean onCluster() {
      return false;
    }
  }

  /** The merged tallies, and how they were computed ({@link #IN_SERVICE} or {@link #MAPREDUCE}). */
  public record Tallied(Map<String, Tally> tallies, String evaluation) {}

  private final TweetFetcher fetcher;
  private final Job job;
  private final MemeKeys memeKeys;
  private final int threshold;

  /** @param threshold the most tweets fetched in the service; more go to the job */
  public Phase2(TweetFetcher fetcher, Job job, MemeKeys memeKeys, int threshold) {
    this.fetcher = fetcher;
    this.job = job;
    this.memeKeys = memeKeys;
    this.threshold = threshold;
  }

  public Tallied tally(ContentQuery query, List<Meme> asked, TweetHits tweets, Progress progress) throws IOException {
    if (tweets.size() == 0) { // the index answered every month
      return new Tallied(Map.of(), IN_SERVICE);
    }
    if (tweets.size() > threshold) {
      return new Tallied(job.tally(query, asked, tweets, progress), MAPREDUCE);
    }
    Tallies inService = new Tallies();
    ContentQuery.Asked what = new ContentQuery.Asked(asked, memeKeys);
    fetcher.fetch(tweets, tweet -> query.tally(tweet, what, inService));
    return new Tallied(inService.asMap(), IN_SERVICE);
  }
}
