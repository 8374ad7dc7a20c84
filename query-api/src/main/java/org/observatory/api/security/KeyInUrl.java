package org.observatory.api.security;

import io.dropwizard.jersey.errors.ErrorMessage;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Refuses a key sent as {@code access_token} in the URL (which Dropwizard's bearer filter would take):
 * request logs and proxies keep URLs, so the key goes in the Authorization header only.
 */
@PreMatching
final class KeyInUrl implements ContainerRequestFilter {
  @Override
  public void filter(ContainerRequestContext request) {
    if (request.getUriInfo().getQueryParameters().containsKey("access_token")) {
      int status = Response.Status.BAD_REQUEST.getStatusCode();
      throw new WebApplicationException(Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
          .entity(new ErrorMessage(status, "send the key as 'Authorization: Bearer <key>', not in the URL, "
              + "where logs keep it (and revoke a key that was sent so)")).build());
    }
  }
}
