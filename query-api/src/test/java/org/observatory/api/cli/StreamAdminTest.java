package org.observatory.api.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.health.HealthCheckRegistry;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.Test;

class StreamAdminTest {
  @Test
  void theDaemonsAdminPortListensOnLoopbackAlone() throws Exception {
    Server admin = StreamCommand.adminServer(0, new MetricRegistry(), new HealthCheckRegistry());
    admin.start();
    try {
      ServerConnector connector = (ServerConnector) admin.getConnectors()[0];
      HttpResponse<String> ping = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/ping")).build(), HttpResponse.BodyHandlers.ofString());

      assertThat(InetAddress.getByName(connector.getHost()).isLoopbackAddress()).as(connector.getHost()).isTrue();
      assertThat(ping.statusCode()).isEqualTo(200);
    } finally {
      admin.stop();
    }
  }
}
