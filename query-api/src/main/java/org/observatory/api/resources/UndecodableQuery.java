package org.observatory.api.resources;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import org.eclipse.jetty.http.BadMessageException;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.MultiMap;

/**
 * A query string with a broken %-escape cannot be decoded by Jetty, which then throws — with a stack
 * trace in the log — each time anything asks for the request's parameters, the request log last of all.
 * The resources read the query string as given and answer such a request with a 400 that says what is
 * wrong; for everything else the request has no parameters.
 */
public final class UndecodableQuery implements Filter {
  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    try {
      request.getParameterMap();
    } catch (BadMessageException e) {
      Request.getBaseRequest(request).setQueryParameters(new MultiMap<>());
    }
    chain.doFilter(request, response);
  }
}
