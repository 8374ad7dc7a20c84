package org.observatory.api.resources;

import io.dropwizard.auth.AuthValueFactoryProvider;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import org.observatory.api.security.Caller;

/**
 * For resource tests without the service's authentication: every request is one caller's, by default
 * the keyless service's local user, as the application makes it on loopback before any key exists.
 */
@PreMatching
final class AsCaller implements ContainerRequestFilter {
  private final Caller caller;

  private AsCaller(Caller caller) {
    this.caller = caller;
  }

  /** What a resource test adds: this filter, and the injection of the caller into {@code @Auth} parameters. */
  static Object[] providers(Caller caller) {
    return new Object[] {new AsCaller(caller), new AuthValueFactoryProvider.Binder<>(Caller.class)};
  }

  @Override
  public void filter(ContainerRequestContext request) {
    request.setSecurityContext(new SecurityContext() {
      @Override
      public Principal getUserPrincipal() {
        return caller;
      }

      @Override
      public boolean isUserInRole(String role) {
        return caller.role().includes(role);
      }

      @Override
      public boolean isSecure() {
        return false;
      }

      @Override
      public String getAuthenticationScheme() {
        return "local";
      }
    });
  }
}
