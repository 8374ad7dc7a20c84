package org.observatory.api.jobs;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import org.observatory.api.query.AnswerQuery;
import org.observatory.api.query.Found;
import org.observatory.api.query.LookupQuery;
import org.observatory.api.query.Progress;
import org.observatory.api.query.Query;
import org.observatory.api.query.QueryEngine;
import org.observatory.api.query.QueryEngines;
import org.observatory.schemas.tables.Platform;
import org.observatory.api.query.QueryResult;

/**
 * What a query job does: an answer (counts, rows) is kept as its JSON, from which any format is
 * written on request; a lookup's tweets are kept as the NDJSON the synchronous endpoint streams.
 */
public final class QueryWork implements QueryJobs.Work {
  private final QueryEngines engines;
  private final ObjectMapper json;

  public QueryWork(QueryEngines engines, ObjectMapper json) {
    this.engines = engines;
    this.json = json;
  }

  @Override
  public QueryJobs.Outcome run(Query query, Platform platform, OutputStream out, Progress progress) throws IOException {
    QueryEngine engine = engines.of(platform);
    if (query instanceof LookupQuery lookup) {
      Found found = engine.find(lookup);
      progress.report(0.5);
      engine.writeTweets(found, lookup.fields(), out);
      return new QueryJobs.Outcome(null, (long) found.size());
    }
    QueryResult result = engine.answer((AnswerQuery) query, progress); // sealed: the other kind
    json.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, result);
    return new QueryJobs.Outcome(result.meta(), null);
  }
}
