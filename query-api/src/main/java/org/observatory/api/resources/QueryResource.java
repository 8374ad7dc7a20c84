package org.observatory.api.resources;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.MemeQueries;
import org.observatory.api.query.QueryResult;

/** {@code GET /queries/{query}?memes=..&start=..&end=..}: the analysts' queries. */
@Path("/queries")
@Produces(MediaType.APPLICATION_JSON)
public final class QueryResource {
  private final MemeQueries memeQueries;

  public QueryResource(MemeQueries memeQueries) {
    this.memeQueries = memeQueries;
  }

  @GET
  @Path("{query}")
  public QueryResult query(@PathParam("query") String query, @QueryParam("memes") String memes,
      @QueryParam("start") String start, @QueryParam("end") String end,
      @QueryParam("granularity") String granularity) throws IOException {
    return switch (query) {
      case "meme-post-count" -> memeQueries.memePostCount(memes, start, end);
      case "timestamp-count" -> memeQueries.timestampCount(memes, start, end, granularity);
      default -> throw new BadQueryException(
          "unknown query '" + query + "'; known queries: meme-post-count, timestamp-count");
    };
  }
}
