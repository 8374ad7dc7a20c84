package org.observatory.api.resources;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.ContentQueries;
import org.observatory.api.query.MemeQueries;
import org.observatory.api.query.QueryLimiter;
import org.observatory.api.query.QueryResult;
import org.observatory.api.query.QuerySettings;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.TweetAssembler;
import org.observatory.api.query.TweetFetcher;
import org.observatory.api.query.TweetLines;
import org.observatory.api.query.TweetLookups;

/**
 * {@code GET /queries/{query}?memes=..&start=..&end=..}: the analysts' queries. Counts and edges answer
 * in one JSON object; tweet lookups stream NDJSON, a tweet a line.
 */
@Path("/queries")
@Produces(MediaType.APPLICATION_JSON)
public final class QueryResource {
  private static final String KNOWN = "meme-post-count, timestamp-count, user-post-count, "
      + "meme-cooccurrence-count, retweet-edges, mention-edges, get-tweets-with-meme, get-tweets-with-text, "
      + "get-tweets-with-user, get-retweets";
  private static final String NDJSON = "application/x-ndjson";
  private final MemeQueries memeQueries;
  private final ContentQueries contentQueries;
  private final TweetLookups lookups;
  private final TweetFetcher fetcher;
  private final TweetAssembler assembler;
  private final QuerySettings settings;
  private final QueryLimiter limiter;

  public QueryResource(MemeQueries memeQueries, ContentQueries contentQueries, TweetLookups lookups,
      TweetFetcher fetcher, TweetAssembler assembler, QuerySettings settings) {
    this.memeQueries = memeQueries;
    this.contentQueries = contentQueries;
    this.lookups = lookups;
    this.fetcher = fetcher;
    this.assembler = assembler;
    this.settings = settings;
    this.limiter = new QueryLimiter(settings.maxConcurrentQueries(), 1_000);
  }

  /**
   * The matching tweets as NDJSON in time order: ids and creation times, plus {@code fields}. Phase 1
   * and every check run before the answer starts, so a bad parameter is still a 400.
   */
  @GET
  @Path("{query: get-tweets-with-meme|get-tweets-with-text|get-tweets-with-user|get-retweets}")
  @Produces(NDJSON)
  public Response tweets(@PathParam("query") String query, @QueryParam("memes") String memes,
      @QueryParam("words") String words, @QueryParam("user") String user, @QueryParam("id") String id,
      @QueryParam("start") String start, @QueryParam("end") String end, @QueryParam("fields") String fields)
      throws IOException {
    TweetLines lines = TweetLines.parse(fields);
    TimeWindow window = TimeWindow.parse(start, end, settings.maxWindowDays());
    QueryLimiter.Permit permit = limiter.admit(); // held until the last line is written
    try {
      TweetLookups.Found found = switch (query) {
        case "get-tweets-with-meme" -> lookups.withMemes(memes, window);
        case "get-tweets-with-text" -> lookups.withText(words, window);
        case "get-tweets-with-user" -> lookups.withUser(user, window);
        default -> lookups.retweetsOf(id, window);
      };
      StreamingOutput body = out -> {
        try (permit) {
          lines.write(found, fetcher, assembler, out);
        }
      };
      return Response.ok(body, NDJSON)
          .header("X-Observatory-Tweets", found.size())
          .header("X-Observatory-Months", String.join(",", found.months().stream().map(Object::toString).toList()))
          .build();
    } catch (IOException | RuntimeException e) {
      permit.close();
      throw e;
    }
  }

  @GET
  @Path("{query}")
  public QueryResult query(@PathParam("query") String query, @QueryParam("memes") String memes,
      @QueryParam("start") String start, @QueryParam("end") String end,
      @QueryParam("granularity") String granularity) throws IOException {
    try (QueryLimiter.Permit permit = limiter.admit()) {
      return answer(query, memes, start, end, granularity);
    }
  }

  private QueryResult answer(String query, String memes, String start, String end, String granularity)
      throws IOException {
    return switch (query) {
      case "meme-post-count" -> memeQueries.memePostCount(memes, start, end);
      case "timestamp-count" -> memeQueries.timestampCount(memes, start, end, granularity);
      case "user-post-count" -> contentQueries.userPostCount(memes, start, end);
      case "meme-cooccurrence-count" -> contentQueries.memeCooccurrenceCount(memes, start, end);
      case "retweet-edges" -> contentQueries.retweetEdges(memes, start, end);
      case "mention-edges" -> contentQueries.mentionEdges(memes, start, end);
      default -> throw new BadQueryException("unknown query '" + query + "'; known queries: " + KNOWN);
    };
  }
}
