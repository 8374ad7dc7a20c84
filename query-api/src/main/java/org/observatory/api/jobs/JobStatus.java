package org.observatory.api.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Map;
import org.observatory.api.query.output.QueryResult;

/**
 * A query job as its owner sees it, and as it is kept on disk beside its result.
 *
 * @param owner the id of the key that submitted it: only that key, and admins, see it
 * @param progress 0 to 1
 * @param meta how the answer was computed, once it is (counts and rows)
 * @param lines the tweets written, once they are (lookups)
 * @param expires when a finished job and its result are deleted
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobStatus(String id, String owner, String query, Map<String, String> parameters, JobState state, double progress,
    Instant submitted, Instant started, Instant finished, Instant expires, String message, QueryResult.Meta meta,
    Long lines) {

  static JobStatus queued(String id, String owner, String query, Map<String, String> parameters) {
    return new JobStatus(id, owner, query, parameters, JobState.QUEUED, 0, Instant.now(), null, null, null, null, null, null);
  }

  JobStatus running() {
    return new JobStatus(id, owner, query, parameters, JobState.RUNNING, 0, submitted, Instant.now(), null, null, null, null, null);
  }

  JobStatus progressed(double fraction) {
    return new JobStatus(id, owner, query, parameters, state, fraction, submitted, started, finished, expires, message, meta, lines);
  }

  JobStatus succeeded(QueryResult.Meta meta, Long lines, Instant expires) {
    return new JobStatus(id, owner, query, parameters, JobState.SUCCEEDED, 1, submitted, started, Instant.now(), expires,
        null, meta, lines);
  }

  JobStatus ended(JobState state, String message, Instant expires) {
    return new JobStatus(id, owner, query, parameters, state, progress, submitted, started, Instant.now(), expires, message,
        null, null);
  }
}
