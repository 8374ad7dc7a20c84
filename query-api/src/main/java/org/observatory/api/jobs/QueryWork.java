package org.observatory.api.jobs;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import org.observatory.api.query.Progress;
import org.observatory.api.query.catalogue.LookupQuery;
import org.observatory.api.query.engine.Asked;
import org.observatory.api.query.engine.Finding;
import org.observatory.api.query.output.QueryResult;

/**
 * What a query job does: an answer (counts, rows) is kept as its JSON, from which any format is
 * written on request; a lookup's tweets are kept as the NDJSON the synchronous endpoint streams.
 */
public final class QueryWork implements QueryJobs.Work {
  private final ObjectMapper json;

  public QueryWork(ObjectMapper json) {
    this.json = json;
  }

  @Override
  public QueryJobs.Outcome run(Asked query, OutputStream out, Progress progress) throws IOException {
    if (query.query() instanceof LookupQuery lookup) {
      Finding found = query.find();
      progress.report(0.5);
      query.writeTweets(found, lookup.fields(), out);
      return new QueryJobs.Outcome(null, found.size());
    }
    QueryResult result = query.answer(progress); // sealed: the other kind
    json.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, result);
    return new QueryJobs.Outcome(result.meta(), null);
  }
}
