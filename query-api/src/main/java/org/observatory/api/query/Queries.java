package org.observatory.api.query;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.observatory.api.query.job.ContentJob;

/**
 * The API's queries by name: the one place that checks a request's parameters and sends it to the
 * engine. The synchronous endpoints and the jobs both go through here.
 */
public final class Queries {
  /** The queries answered with counts or rows. */
  public static final List<String> ANSWERS = List.of("meme-post-count", "timestamp-count", "user-post-count",
      "meme-cooccurrence-count", "retweet-edges", "mention-edges");
  /** The queries answered with tweets, a line each. */
  public static final List<String> LOOKUPS = List.of("get-tweets-with-meme", "get-tweets-with-text",
      "get-tweets-with-user", "get-retweets");

  private final MemeQueries memeQueries;
  private final ContentQueries contentQueries;
  private final TweetLookups lookups;
  private final QuerySettings settings;

  /** A query by name with its parameters (absent ones are null). */
  public record Request(String query, Map<String, String> parameters) {
    public String get(String name) {
      return parameters.get(name);
    }

    public boolean isLookup() {
      return LOOKUPS.contains(query);
    }
  }

  public Queries(MemeQueries memeQueries, ContentQueries contentQueries, TweetLookups lookups, QuerySettings settings) {
    this.memeQueries = memeQueries;
    this.contentQueries = contentQueries;
    this.lookups = lookups;
    this.settings = settings;
  }

  /**
   * Checks the query's name and every parameter it takes, without running it.
   *
   * @throws BadQueryException saying what is wrong
   */
  public void check(Request r) {
    if (!ANSWERS.contains(r.query()) && !r.isLookup()) {
      throw new BadQueryException("unknown query '" + r.query() + "'; known queries: "
          + String.join(", ", ANSWERS) + ", " + String.join(", ", LOOKUPS));
    }
    TimeWindow.parse(r.get("start"), r.get("end"), settings.maxWindowDays());
    switch (r.query()) {
      case "get-tweets-with-text" -> TweetLookups.words(r.get("words"), settings.maxMemes());
      case "get-tweets-with-user" -> TweetLookups.user(r.get("user"));
      case "get-retweets" -> TweetLookups.tweetId(r.get("id"));
      case "timestamp-count" -> {
        MemeQueries.Granularity.parse(r.get("granularity"));
        Meme.parseList(r.get("memes"), settings.maxMemes());
      }
      default -> Meme.parseList(r.get("memes"), settings.maxMemes());
    }
    if (r.isLookup()) {
      TweetLines.parse(r.get("fields"));
    }
  }

  /** Answers one of {@link #ANSWERS}. */
  public QueryResult answer(Request r, ContentJob.Progress progress) throws IOException {
    String memes = r.get("memes");
    String start = r.get("start");
    String end = r.get("end");
    return switch (r.query()) {
      case "meme-post-count" -> memeQueries.memePostCount(memes, start, end);
      case "timestamp-count" -> memeQueries.timestampCount(memes, start, end, r.get("granularity"));
      default -> contentQueries.run(ContentQuery.named(r.query()), memes, start, end, progress);
    };
  }

  /** Phase 1 of one of {@link #LOOKUPS}: the matching tweets, to be written by {@link TweetLines}. */
  public TweetLookups.Found find(Request r) throws IOException {
    TimeWindow window = TimeWindow.parse(r.get("start"), r.get("end"), settings.maxWindowDays());
    return switch (r.query()) {
      case "get-tweets-with-meme" -> lookups.withMemes(r.get("memes"), window);
      case "get-tweets-with-text" -> lookups.withText(r.get("words"), window);
      case "get-tweets-with-user" -> lookups.withUser(r.get("user"), window);
      default -> lookups.retweetsOf(r.get("id"), window);
    };
  }
}
