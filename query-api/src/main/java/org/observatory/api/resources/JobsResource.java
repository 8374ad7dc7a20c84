package org.observatory.api.resources;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.auth.Auth;
import io.dropwizard.jersey.errors.ErrorMessage;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.observatory.api.jobs.JobState;
import org.observatory.api.jobs.JobStatus;
import org.observatory.api.jobs.QueryJobs;
import org.observatory.api.query.catalogue.QueryKind;
import org.observatory.api.query.engine.Asked;
import org.observatory.api.query.engine.QueryEngines;
import org.observatory.api.query.engine.QuotaExceededException;
import org.observatory.api.query.output.AnswerLines;
import org.observatory.api.query.output.ResultFormat;
import org.observatory.api.security.Audit;
import org.observatory.api.security.Caller;
import org.observatory.api.security.FairUse;
import org.observatory.api.security.Role;

/**
 * {@code /jobs}: any query run in the background. {@code POST /jobs/{query}} with the query's
 * parameters answers 202 with the job; {@code GET /jobs/{id}} tells its state and progress;
 * {@code GET /jobs/{id}/results} gives the result once it has succeeded (in any of the query's
 * formats); {@code DELETE /jobs/{id}} cancels a job, or removes a finished one. A job is its
 * submitter's: any other reader is told there is no such job; an admin sees and ends every job.
 */
@Path("/jobs")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Role.READER_NAME)
public final class JobsResource {
  private final QueryEngines engines;
  private final QueryJobs jobs;
  private final FairUse fairUse;
  private final ObjectMapper json;

  public JobsResource(QueryEngines engines, QueryJobs jobs, FairUse fairUse, ObjectMapper json) {
    this.engines = engines;
    this.jobs = jobs;
    this.fairUse = fairUse;
    this.json = json;
  }

  @Operation(summary = "Runs any query in the background: 202 with the job and its Location")
  @POST
  @Path("{query}")
  public Response submit(@Auth Caller caller, @PathParam("query") String query, @BeanParam QueryParameters parameters)
      throws IOException {
    Map<String, String> given = parameters.given();
    Asked parsed = engines.parse(query, given);
    ResultFormat.parse(parameters.format(), parsed.query().kind()); // a result must come in the format asked later
    try {
      fairUse.checkJobs(caller, jobs.list().stream()
          .filter(j -> caller.keyId().equals(j.owner()) && !j.state().isFinished()).count());
    } catch (QuotaExceededException refused) {
      Audit.record(caller.keyId(), "job.submit", query, "refused", Map.of("why", refused.getMessage()));
      throw refused;
    }
    JobStatus job = jobs.submit(parsed, given, caller.keyId());
    Audit.record(caller.keyId(), "job.submit", job.id(), "accepted", Map.of("query", job.query()));
    return Response.accepted(job).location(URI.create("/jobs/" + job.id())).build();
  }

  @Operation(summary = "Every job of the caller's (an admin's: every job) kept, newest first")
  @GET
  public List<JobStatus> list(@Auth Caller caller) {
    return jobs.list().stream().filter(job -> caller.mayActOn(job.owner())).toList();
  }

  @Operation(summary = "A job: state, progress, and how its answer was computed")
  @GET
  @Path("{id}")
  public JobStatus status(@Auth Caller caller, @PathParam("id") String id) {
    return find(caller, id);
  }

  @Operation(summary = "The result of a job that succeeded (409 before), in the format asked")
  @GET
  @Path("{id}/results")
  @Produces({MediaType.APPLICATION_JSON, QueryResource.NDJSON, "text/csv", "text/tab-separated-values",
      "application/graphml+xml", MediaType.TEXT_PLAIN})
  public Response results(@Auth Caller caller, @PathParam("id") String id, @QueryParam("format") String format)
      throws IOException {
    JobStatus job = find(caller, id);
    if (job.state() != JobState.SUCCEEDED) {
      return error(Response.Status.CONFLICT, "job " + id + " is " + job.state().name().toLowerCase()
          + (job.message() == null ? "" : " (" + job.message() + ")") + "; results come once it has succeeded");
    }
    QueryKind kind = QueryKind.named(job.query());
    if (kind.isLookup()) { // the tweets were written as the job was asked to write them
      ResultFormat written = ResultFormat.parse(job.parameters().get("format"), kind);
      if (format != null && !format.isBlank() && ResultFormat.parse(format, kind) != written) {
        return error(Response.Status.BAD_REQUEST, "job " + id + " wrote its tweets as "
            + written.name().toLowerCase(java.util.Locale.ROOT) + " (the format it was submitted with); "
            + "leave format out, or submit the query again with format=" + format.strip());
      }
      return Response.ok(stored(job), written.mediaType()).build();
    }
    ResultFormat as = ResultFormat.parse(format, kind);
    if (as == ResultFormat.JSON) { // kept as the JSON it would be written as: passed on
      return Response.ok(stored(job), as.mediaType()).build();
    }
    AnswerLines kept = AnswerLines.kept(() -> jobs.result(job), json); // never held whole
    StreamingOutput body = out -> as.write(kept, kind, out);
    return Response.ok(body, as.mediaType()).build();
  }

  @Operation(summary = "Cancels a queued or running job, or removes a finished one")
  @DELETE
  @Path("{id}")
  public Response cancel(@Auth Caller caller, @PathParam("id") String id) throws IOException {
    Optional<JobStatus> job = jobs.get(id).filter(j -> caller.mayActOn(j.owner()));
    boolean ended = job.isPresent() && jobs.cancel(id);
    String outcome = !ended ? "not-found" : job.get().state().isFinished() ? "deleted" : "cancelled";
    Audit.record(caller.keyId(), "job.delete", Audit.given(id), outcome);
    return ended ? Response.noContent().build() : notFound(id);
  }

  /** The job's result as it was kept. */
  private StreamingOutput stored(JobStatus job) {
    return out -> {
      try (InputStream in = jobs.result(job)) {
        in.transferTo(out);
      }
    };
  }

  /** The job, when the caller may see it: another's is as missing as one that never was. */
  private JobStatus find(Caller caller, String id) {
    return jobs.get(id).filter(job -> caller.mayActOn(job.owner()))
        .orElseThrow(() -> new WebApplicationException(notFound(id)));
  }

  private static Response notFound(String id) {
    return error(Response.Status.NOT_FOUND, "no job " + Audit.given(id) + " (finished jobs are kept until they expire)");
  }

  private static Response error(Response.Status status, String message) {
    return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
        .entity(new ErrorMessage(status.getStatusCode(), message)).build();
  }
}
