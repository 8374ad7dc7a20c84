package org.observatory.api.security;

import io.dropwizard.core.setup.Environment;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;

/**
 * Masks a secret in a request's query string as the connector takes the request, before any handler
 * or the request log reads it: a key sent as {@code access_token} is refused ({@link KeyInUrl}), and
 * must not be written down on the way.
 */
final class MaskedUrls implements HttpConfiguration.Customizer {
  /** On every HTTP connection factory of the server (Dropwizard wraps each in one that counts). */
  static void install(Environment environment) {
    environment.lifecycle().addServerLifecycleListener(server -> server.getContainedBeans(HttpConnectionFactory.class)
        .forEach(http -> http.getHttpConfiguration().addCustomizer(new MaskedUrls())));
  }

  @Override
  public void customize(Connector connector, HttpConfiguration configuration, Request request) {
    String query = request.getQueryString();
    if (Secrets.mayHold(query)) {
      request.setHttpURI(HttpURI.build(request.getHttpURI()).query(Secrets.masked(query)));
    }
  }
}
