package org.observatory.api.resources;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.observatory.api.query.Progress;
import org.observatory.api.query.catalogue.LookupQuery;
import org.observatory.api.query.catalogue.QueryKind;
import org.observatory.api.query.catalogue.QueryParameter;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.query.engine.Asked;
import org.observatory.api.query.engine.Finding;
import org.observatory.api.query.engine.QueryEngines;
import org.observatory.api.query.engine.QueryLimiter;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.output.ResultFormat;
import org.observatory.api.query.output.TweetLines;
import org.observatory.api.security.Caller;
import org.observatory.api.security.FairUse;
import org.observatory.api.security.Role;

/**
 * {@code GET /queries/{query}?memes=..&start=..&end=..}: the analysts' queries. Counts and edges answer
 * in one JSON object (or CSV, TSV, GraphML); tweet lookups stream NDJSON, a tweet a line.
 */
@Path("/queries")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Role.READER_NAME)
public final class QueryResource {
  static final String NDJSON = TweetLines.MEDIA_TYPE;
  /** Months the answer leaves out because their index cannot answer exactly (see meta.skipped). */
  static final String SKIPPED = "X-Observatory-Skipped";
  private final QueryEngines engines;
  private final QueryLimiter limiter;
  private final FairUse fairUse;
  private final ObjectMapper json;

  public QueryResource(QueryEngines engines, QuerySettings settings, FairUse fairUse, ObjectMapper json) {
    this.engines = engines;
    this.limiter = new QueryLimiter(settings.maxConcurrentQueries(), settings.maxConcurrentTweetQueries(), 1_000);
    this.fairUse = fairUse;
    this.json = json;
  }

  /**
   * One query of the catalogue as {@code GET /queries} lists it.
   *
   * @param directed for a graph (edges), whether its edges have a direction; absent otherwise
   */
  public record Described(String name, List<String> parameters, String answer, List<String> columns,
      @JsonInclude(JsonInclude.Include.NON_NULL) Boolean directed) {}

  @Operation(summary = "The catalogue of queries: each one's name, parameters, and the shape and columns of its answer")
  @GET
  public List<Described> catalogue() {
    return Arrays.stream(QueryKind.values()).map(k -> new Described(k.apiName(),
        k.parameters().stream().map(QueryParameter::apiName).toList(), k.answer().shape().name().toLowerCase(Locale.ROOT),
        k.answer().columns(), k.isEdgeList() ? k.answer().directed() : null)).toList();
  }

  /**
   * Counts and edges as JSON (with the metadata), CSV, TSV, or (edges) GraphML: {@code format=}; the
   * tweet lookups as NDJSON in time order. Every check runs before the answer starts, so a bad
   * parameter is a 400.
   */
  @Operation(summary = "Any query of the catalogue (docs/api.md): counts or rows as JSON, CSV, TSV or (edges) "
      + "GraphML, or the matching tweets as NDJSON in time order; an unknown query's 400 lists the known ones")
  @GET
  @Path("{query}")
  @Produces({MediaType.APPLICATION_JSON, "text/csv", "text/tab-separated-values", "application/graphml+xml", NDJSON,
      MediaType.TEXT_PLAIN})
  public Response query(@Auth Caller caller, @PathParam("query") String name, @BeanParam QueryParameters parameters)
      throws IOException {
    Asked asked = engines.parse(name, parameters.given());
    ResultFormat as = ResultFormat.parse(parameters.format(), asked.query().kind());
    QueryLimiter.Share share = fairUse.queries(caller);
    if (asked.query() instanceof LookupQuery lookup) {
      return tweets(asked, lookup, as, share);
    }
    QueryResult result;
    try (QueryLimiter.Permit permit = limiter.admit(asked.query(), share)) {
      result = asked.answer(Progress.IGNORED);
    }
    StreamingOutput body = out -> as.write(result, asked.query().kind(), json, out);
    return Response.ok(body, as.mediaType())
        .header("X-Observatory-Evaluation", result.meta().evaluation())
        .header("X-Observatory-Tweets", result.meta().phase1Tweets())
        .header(SKIPPED, skipped(result.meta().skipped()))
        .build();
  }

  private Response tweets(Asked asked, LookupQuery query, ResultFormat as, QueryLimiter.Share share)
      throws IOException {
    QueryLimiter.Permit permit = limiter.admit(query, share); // held while tweets are found and fetched
    try {
      Finding found = asked.find();
      StreamingOutput body = out -> {
        try (PlaceFreeingOutput toClient = new PlaceFreeingOutput(out, permit)) {
          asked.writeTweets(found, query.fields(), toClient);
        }
      };
      return Response.ok(body, as.mediaType())
          .header("X-Observatory-Tweets", found.size())
          .header("X-Observatory-Months", String.join(",", found.months()))
          .header(SKIPPED, skipped(found.skipped()))
          .build();
    } catch (IOException | RuntimeException e) {
      permit.close();
      throw e;
    }
  }

  /** The months left out, as {@code 2013-07 meme, 2013-08 meme}; null (no header) when none were. */
  private static String skipped(List<QueryResult.Skipped> skipped) {
    return skipped.isEmpty() ? null
        : String.join(", ", skipped.stream().map(s -> s.month() + " " + s.index()).toList());
  }
}
