package org.observatory.api.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dropwizard.core.server.DefaultServerFactory;
import io.dropwizard.jetty.HttpConnectorFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExposureTest {
  @Test
  void connectorsThatNameNoAddressListenOnLoopbackAndNeedNoKey() {
    DefaultServerFactory server = new DefaultServerFactory(); // Dropwizard's defaults: 8080 and 8081, no address
    Exposure exposure = Exposure.loopbackUnlessSet(server);

    assertThat(exposure.apiHosts()).containsExactly("127.0.0.1");
    assertThat(server.getAdminConnectors()).allSatisfy(c -> assertThat(((HttpConnectorFactory) c).getBindHost()).isEqualTo("127.0.0.1"));
    assertThat(exposure.beyondLoopback()).isFalse();
    assertThat(exposure.admit(false)).contains("loopback only", "no keys");
    assertThat(exposure.admit(true)).contains("needs a key");
  }

  @Test
  void anAddressBeyondLoopbackRefusesToStartWithoutAKey() {
    for (String host : List.of("0.0.0.0", "192.0.2.1", "no-such-host.invalid")) {
      DefaultServerFactory server = new DefaultServerFactory();
      HttpConnectorFactory api = (HttpConnectorFactory) server.getApplicationConnectors().get(0);
      api.setBindHost(host);
      Exposure exposure = Exposure.loopbackUnlessSet(server);

      assertThat(exposure.beyondLoopback()).as(host).isTrue();
      assertThatThrownBy(() -> exposure.admit(false)).as(host).hasMessageContaining("keys create");
      assertThat(exposure.admit(true)).contains(host, "needs a key");
    }
  }

  @Test
  void anAdminPortBeyondLoopbackRefusesToStartWithoutAKey() {
    DefaultServerFactory server = new DefaultServerFactory();
    ((HttpConnectorFactory) server.getAdminConnectors().get(0)).setBindHost("0.0.0.0");
    Exposure exposure = Exposure.loopbackUnlessSet(server);

    assertThat(exposure.beyondLoopback()).as("the API").isFalse();
    assertThat(exposure.adminBeyondLoopback()).isTrue();
    assertThatThrownBy(() -> exposure.admit(false)).hasMessageContaining("admin port", "0.0.0.0", "keys create");
    assertThat(exposure.admit(true)).contains("needs a key");
  }

  @Test
  void aNamedLoopbackAddressIsLoopback() {
    for (String host : List.of("localhost", "127.0.0.1", "::1")) {
      DefaultServerFactory server = new DefaultServerFactory();
      ((HttpConnectorFactory) server.getApplicationConnectors().get(0)).setBindHost(host);
      assertThat(Exposure.loopbackUnlessSet(server).beyondLoopback()).as(host).isFalse();
    }
  }
}
