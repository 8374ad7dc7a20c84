package org.observatory.api.security;

import io.dropwizard.auth.AuthFilter;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Optional;

/**
 * The zero-setup service's access: while it listens on loopback only and no key exists, a request that
 * carries no key is the {@link Caller#LOCAL} user. A request that carries one is left to the key filter,
 * so a wrong key is refused even here. (A key in the URL never gets this far: {@link KeyInUrl}.)
 */
final class OpenAccess extends AuthFilter<String, Caller> {
  private final KeysInForce keys;

  private OpenAccess(KeysInForce keys) {
    this.keys = keys;
  }

  static AuthFilter<String, Caller> filter(KeysInForce keys, Access.RoleCheck roles) {
    return new AuthFilterBuilder<String, Caller, OpenAccess>() {
      @Override
      protected OpenAccess newInstance() {
        return new OpenAccess(keys);
      }
    }.setAuthenticator(anyone -> Optional.of(Caller.LOCAL)).setAuthorizer(roles).setPrefix(Access.SCHEME)
        .setRealm(Access.REALM).setUnauthorizedHandler(Access.UNAUTHORIZED).buildAuthFilter();
  }

  @Override
  public void filter(ContainerRequestContext request) {
    if (request.getHeaderString(HttpHeaders.AUTHORIZATION) != null || keys.required() || !authenticate(request, "", "open")) {
      throw unauthorizedHandler.buildException(prefix, realm);
    }
  }
}
