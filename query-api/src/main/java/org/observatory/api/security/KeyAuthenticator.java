package org.observatory.api.security;

import io.dropwizard.auth.Authenticator;
import io.dropwizard.jersey.errors.ErrorMessage;
import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.Optional;

/** A bearer token to the caller whose key it is; a store that cannot answer is a 503, not a 401. */
final class KeyAuthenticator implements Authenticator<String, Caller> {
  private final ApiKeys keys;

  KeyAuthenticator(ApiKeys keys) {
    this.keys = keys;
  }

  @Override
  public Optional<Caller> authenticate(String token) {
    try {
      return keys.authenticate(token);
    } catch (IOException e) {
      int status = Response.Status.SERVICE_UNAVAILABLE.getStatusCode();
      throw new ServiceUnavailableException(Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
          .entity(new ErrorMessage(status, "the store could not check the key: " + e.getMessage())).build());
    }
  }
}
