package org.observatory.api.jobs;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import org.observatory.api.query.Queries;
import org.observatory.api.query.QueryResult;
import org.observatory.api.query.TweetAssembler;
import org.observatory.api.query.TweetFetcher;
import org.observatory.api.query.TweetLines;
import org.observatory.api.query.TweetLookups;
import org.observatory.api.query.job.ContentJob;

/**
 * What a query job does: an answer (counts, rows) is kept as its JSON, from which any format is
 * written on request; a lookup's tweets are kept as the NDJSON the synchronous endpoint streams.
 */
public final class QueryWork implements QueryJobs.Work {
  private final Queries queries;
  private final TweetFetcher fetcher;
  private final TweetAssembler assembler;
  private final ObjectMapper json;

  public QueryWork(Queries queries, TweetFetcher fetcher, TweetAssembler assembler, ObjectMapper json) {
    this.queries = queries;
    this.fetcher = fetcher;
    this.assembler = assembler;
    this.json = json;
  }

  @Override
  public QueryJobs.Outcome run(Queries.Request request, OutputStream out, ContentJob.Progress progress)
      throws IOException {
    if (request.isLookup()) {
      TweetLookups.Found found = queries.find(request);
      progress.report(0.5);
      TweetLines.parse(request.get("fields")).write(found, fetcher, assembler, out);
      return new QueryJobs.Outcome(null, (long) found.size());
    }
    QueryResult result = queries.answer(request, progress);
    json.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, result);
    return new QueryJobs.Outcome(result.meta(), null);
  }
}
