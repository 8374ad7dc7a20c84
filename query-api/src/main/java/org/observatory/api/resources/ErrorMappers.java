package org.observatory.api.resources;

import io.dropwizard.jersey.errors.ErrorMessage;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.io.IOException;
import org.observatory.api.query.BadQueryException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns query failures into JSON errors: bad parameters are 400, an unreachable or slow store 503. */
public final class ErrorMappers {
  private static final Logger LOG = LoggerFactory.getLogger(ErrorMappers.class);

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
      LOG.warn("query failed: {}", e.toString());
      return json(Response.Status.SERVICE_UNAVAILABLE, "the store could not answer: " + e.getMessage());
    }
  }

  private static Response json(Response.Status status, String message) {
    return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
        .entity(new ErrorMessage(status.getStatusCode(), message)).build();
  }
}
