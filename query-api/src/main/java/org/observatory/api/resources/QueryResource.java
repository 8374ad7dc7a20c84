package org.observatory.api.resources;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.ContentQueries;
import org.observatory.api.query.MemeQueries;
import org.observatory.api.query.QueryResult;

/** {@code GET /queries/{query}?memes=..&start=..&end=..}: the analysts' queries. */
@Path("/queries")
@Produces(MediaType.APPLICATION_JSON)
public final class QueryResource {
  private static final String KNOWN = "meme-post-count, timestamp-count, user-post-count, "
      + "meme-cooccurrence-count, retweet-edges, mention-edges";
  private final MemeQueries memeQueries;
  private final ContentQueries contentQueries;

  public QueryResource(MemeQueries memeQueries, ContentQueries contentQueries) {
    this.memeQueries = memeQueries;
    this.contentQueries = contentQueries;
  }

  @GET
  @Path("{query}")
  public QueryResult query(@PathParam("query") String query, @QueryParam("memes") String memes,
      @QueryParam("start") String start, @QueryParam("end") String end,
      @QueryParam("granularity") String granularity) throws IOException {
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
