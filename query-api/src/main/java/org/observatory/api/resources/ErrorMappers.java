package org.observatory.api.resources;

import io.dropwizard.jersey.errors.ErrorMessage;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.QueryTimeoutException;
import org.observatory.api.query.engine.QueryRejectedException;
import org.observatory.api.query.engine.QuotaExceededException;
import org.slf4j.LoggerFactory;

/**
 * Turns query failures into JSON errors: bad parameters are 400; a key over its share is a 429; a full
 * service, a query past its time limit and an unreachable store are 503s that say which.
 */
public final class ErrorMappers {
  private static final ThrottledLog LOG = new ThrottledLog(LoggerFactory.getLogger(ErrorMappers.class), 10, TimeUnit.SECONDS);

  private ErrorMappers() {}

  public static final class BadQuery implements ExceptionMapper<BadQueryException> {
    @Override
    public Response toResponse(BadQueryException e) {
      return json(Response.Status.BAD_REQUEST, e.getMessage());
    }
  }

  public static final class StoreUnavailable implements ExceptionMapper<IOException> {
    @Override
    public Response toResponse(IOException e) {
      LOG.warn("query failed, the store could not answer: " + e);
      return json(Response.Status.SERVICE_UNAVAILABLE, "the store could not answer: " + e.getMessage());
    }
  }

  /** The same, where the failure came through code that cannot throw IOException (a DID looked up while parsing). */
  public static final class StoreUnavailableUnchecked implements ExceptionMapper<java.io.UncheckedIOException> {
    @Override
    public Response toResponse(java.io.UncheckedIOException e) {
      return new StoreUnavailable().toResponse(e.getCause());
    }
  }

  /** Every query place is taken: the client may try again shortly. */
  public static final class Overloaded implements ExceptionMapper<QueryRejectedException> {
    /** Seconds a client should wait before asking again. */
    static final int RETRY_AFTER_SECONDS = 1;

    @Override
    public Response toResponse(QueryRejectedException e) {
      return Response.fromResponse(json(Response.Status.SERVICE_UNAVAILABLE, e.getMessage()))
          .header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS).build();
    }
  }

  /** A key asked for more than its share: it may ask again after Retry-After. */
  public static final class OverQuota implements ExceptionMapper<QuotaExceededException> {
    @Override
    public Response toResponse(QuotaExceededException e) {
      return Response.fromResponse(json(Response.Status.TOO_MANY_REQUESTS, e.getMessage()))
          .header(HttpHeaders.RETRY_AFTER, e.retryAfterSeconds()).build();
    }
  }

  /** The query ran past its time limit: a smaller window, or a background job, will do. */
  public static final class TimedOut implements ExceptionMapper<QueryTimeoutException> {
    @Override
    public Response toResponse(QueryTimeoutException e) {
      return json(Response.Status.SERVICE_UNAVAILABLE, e.getMessage());
    }
  }

  private static Response json(Response.Status status, String message) {
    return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
        .entity(new ErrorMessage(status.getStatusCode(), message)).build();
  }
}
