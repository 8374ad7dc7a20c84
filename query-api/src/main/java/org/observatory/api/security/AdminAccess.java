package org.observatory.api.security;

import io.dropwizard.auth.AuthenticationException;
import io.dropwizard.auth.Authenticator;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.WebApplicationException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;

/**
 * The admin port's door. Its tasks change the running service (log levels, a garbage collection) and
 * its metrics and thread dumps describe it, so once keys are required an admin key is, as for the
 * API's writes; the health check and the ping stay open, for the monitors that call them.
 */
final class AdminAccess implements Filter {
  private static final Set<String> OPEN = Set.of("/healthcheck", "/ping");
  private static final String BEARER = Access.SCHEME + " ";

  private final Authenticator<String, Caller> keys;
  private final KeysInForce required;

  AdminAccess(Authenticator<String, Caller> keys, KeysInForce required) {
    this.keys = keys;
    this.required = required;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    HttpServletResponse answer = (HttpServletResponse) response;
    String path = http.getPathInfo() == null ? http.getServletPath() : http.getServletPath() + http.getPathInfo();
    if (OPEN.contains(path) || !required.required()) {
      chain.doFilter(request, response);
      return;
    }
    String header = http.getHeader("Authorization");
    Optional<Caller> caller = Optional.empty();
    try {
      if (header != null && header.startsWith(BEARER)) {
        caller = keys.authenticate(header.substring(BEARER.length()).strip());
      }
    } catch (AuthenticationException | WebApplicationException e) {
      refuse(answer, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "the store could not check the key");
      return;
    }
    if (caller.isEmpty()) {
      answer.setHeader("WWW-Authenticate", BEARER + "realm=\"" + Access.REALM + "\"");
      refuse(answer, HttpServletResponse.SC_UNAUTHORIZED, "the admin port needs an admin key: Authorization: Bearer obs_...");
    } else if (!caller.get().role().includes(Role.ADMIN_NAME)) {
      refuse(answer, HttpServletResponse.SC_FORBIDDEN, "the admin port is for admin keys; this key is a reader's");
    } else {
      chain.doFilter(request, response);
    }
  }

  /** A JSON error as the API's are, {@code code} and {@code message}. */
  static void refuse(HttpServletResponse response, int status, String message) throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.getOutputStream().write(("{\"code\":" + status + ",\"message\":\"" + message + "\"}")
        .getBytes(StandardCharsets.UTF_8));
  }
}
