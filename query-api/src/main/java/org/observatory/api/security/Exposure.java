package org.observatory.api.security;

import io.dropwizard.core.server.DefaultServerFactory;
import io.dropwizard.core.server.ServerFactory;
import io.dropwizard.core.server.SimpleServerFactory;
import io.dropwizard.jetty.ConnectorFactory;
import io.dropwizard.jetty.HttpConnectorFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the service listens. A connector without a {@code bindHost} listens on loopback only (Jetty's
 * own default would be every interface): the API and the admin port reach another machine only when
 * the configuration names an address for them.
 *
 * @param apiHosts the API connectors' addresses
 * @param adminHosts the admin connectors' addresses
 */
public record Exposure(List<String> apiHosts, List<String> adminHosts) {
  static final String LOOPBACK = "127.0.0.1";

  /** Sets loopback on every connector that names no address, and says where the API listens. */
  public static Exposure loopbackUnlessSet(ServerFactory server) {
    List<ConnectorFactory> api = new ArrayList<>();
    List<ConnectorFactory> admin = new ArrayList<>();
    if (server instanceof DefaultServerFactory many) {
      api.addAll(many.getApplicationConnectors());
      admin.addAll(many.getAdminConnectors());
    } else if (server instanceof SimpleServerFactory one) {
      api.add(one.getConnector()); // the admin servlets share it
    }
    List<ConnectorFactory> all = new ArrayList<>(api);
    all.addAll(admin);
    for (ConnectorFactory connector : all) {
      if (connector instanceof HttpConnectorFactory http && (http.getBindHost() == null || http.getBindHost().isBlank())) {
        http.setBindHost(LOOPBACK);
      }
    }
    return new Exposure(hosts(api), hosts(admin));
  }

  private static List<String> hosts(List<ConnectorFactory> connectors) {
    return connectors.stream().map(c -> c instanceof HttpConnectorFactory http ? http.getBindHost() : "?").toList();
  }

  /** Whether another machine may reach the API: any address that is not loopback, or one unknown. */
  public boolean beyondLoopback() {
    return apiHosts.stream().anyMatch(host -> !isLoopback(host));
  }

  /** Whether another machine may reach the admin port. */
  public boolean adminBeyondLoopback() {
    return adminHosts.stream().anyMatch(host -> !isLoopback(host));
  }

  /**
   * What to say at start about who can reach the API.
   *
   * @param anyKey whether any key exists
   * @throws IllegalStateException when the API or the admin port would serve other machines with no key
   *     to require
   */
  public String admit(boolean anyKey) {
    if (adminBeyondLoopback() && !anyKey) {
      throw new IllegalStateException("the admin port would listen on " + String.join(", ", adminHosts)
          + " with no key to require: create one first (observatory keys create -c CONFIG --name NAME --role admin), "
          + "or leave its bindHost out to listen on loopback only");
    }
    String hosts = String.join(", ", apiHosts);
    if (beyondLoopback() && !anyKey) {
      throw new IllegalStateException("the API would listen on " + hosts + " with no key to require: create one "
          + "first (observatory keys create -c CONFIG --name NAME --role admin), or leave bindHost out to listen "
          + "on loopback only");
    }
    if (beyondLoopback()) {
      return "the API listens on " + hosts + "; every request needs a key";
    }
    return anyKey ? "the API listens on loopback only (" + hosts + "); every request needs a key"
        : "the API listens on loopback only (" + hosts + ") and has no keys: anyone on this machine may use it, "
            + "as admin; `observatory keys create` makes keys and requires them";
  }

  private static boolean isLoopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
