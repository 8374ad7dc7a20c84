package org.observatory.api.resources;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.BeanParam;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.util.List;
import org.observatory.api.query.Queries;
import org.observatory.api.query.QueryLimiter;
import org.observatory.api.query.QueryResult;
import org.observatory.api.query.QuerySettings;
import org.observatory.api.query.TweetAssembler;
import org.observatory.api.query.TweetFetcher;
import org.observatory.api.query.TweetLines;
import org.observatory.api.query.TweetLookups;
import org.observatory.api.query.job.ContentJob;

/**
 * {@code GET /queries/{query}?memes=..&start=..&end=..}: the analysts' queries. Counts and edges answer
 * in one JSON object (or CSV, TSV, GraphML); tweet lookups stream NDJSON, a tweet a line.
 */
@Path("/queries")
@Produces(MediaType.APPLICATION_JSON)
public final class QueryResource {
  static final String NDJSON = "application/x-ndjson";
  /** Months the answer leaves out because their index cannot answer exactly (see meta.skipped). */
  static final String SKIPPED = "X-Observatory-Skipped";
  private final Queries queries;
  private final TweetFetcher fetcher;
  private final TweetAssembler assembler;
  private final QueryLimiter limiter;
  private final ObjectMapper json;

  public QueryResource(Queries queries, TweetFetcher fetcher, TweetAssembler assembler, QuerySettings settings,
      ObjectMapper json) {
    this.queries = queries;
    this.fetcher = fetcher;
    this.assembler = assembler;
    this.limiter = new QueryLimiter(settings.maxConcurrentQueries(), 1_000);
    this.json = json;
  }

  /**
   * The matching tweets as NDJSON in time order: ids and creation times, plus {@code fields}. Phase 1
   * and every check run before the answer starts, so a bad parameter is still a 400.
   */
  @Operation(summary = "The matching tweets as NDJSON, in time order: get-tweets-with-meme, -with-text, -with-user, get-retweets")
  @GET
  @Path("{query: get-tweets-with-meme|get-tweets-with-text|get-tweets-with-user|get-retweets}")
  @Produces(NDJSON)
  public Response tweets(@PathParam("query") String query, @BeanParam QueryParameters parameters)
      throws IOException {
    Queries.Request request = parameters.request(query);
    queries.check(request);
    TweetLines lines = TweetLines.parse(request.get("fields"));
    QueryLimiter.Permit permit = limiter.admit(); // held until the last line is written
    try {
      TweetLookups.Found found = queries.find(request);
      StreamingOutput body = out -> {
        try (permit) {
          lines.write(found, fetcher, assembler, out);
        }
      };
      return Response.ok(body, NDJSON)
          .header("X-Observatory-Tweets", found.size())
          .header("X-Observatory-Months", String.join(",", found.months().stream().map(Object::toString).toList()))
          .header(SKIPPED, skipped(found.skipped()))
          .build();
    } catch (IOException | RuntimeException e) {
      permit.close();
      throw e;
    }
  }

  /** Counts and edges, as JSON (with the metadata), CSV, TSV, or (edges) GraphML: {@code format=}. */
  @Operation(summary = "Counts or rows: meme-post-count, timestamp-count, user-post-count, meme-cooccurrence-count, retweet-edges, mention-edges")
  @GET
  @Path("{query}")
  @Produces({MediaType.APPLICATION_JSON, "text/csv", "text/tab-separated-values", "application/graphml+xml"})
  public Response query(@PathParam("query") String query, @BeanParam QueryParameters parameters)
      throws IOException {
    Queries.Request request = parameters.request(query);
    queries.check(request);
    ResultFormat as = ResultFormat.parse(parameters.format);
    as.checkFits(query);
    QueryResult result;
    try (QueryLimiter.Permit permit = limiter.admit()) {
      result = queries.answer(request, ContentJob.Progress.IGNORED);
    }
    StreamingOutput body = out -> as.write(result, json, out);
    return Response.ok(body, as.mediaType())
        .header("X-Observatory-Evaluation", result.meta().evaluation())
        .header("X-Observatory-Tweets", result.meta().phase1Tweets())
        .header(SKIPPED, skipped(result.meta().skipped()))
        .build();
  }

  /** The months left out, as {@code 2013-07 meme, 2013-08 meme}; null (no header) when none were. */
  private static String skipped(List<QueryResult.Skipped> skipped) {
    return skipped.isEmpty() ? null
        : String.join(", ", skipped.stream().map(s -> s.month() + " " + s.index()).toList());
  }
}
