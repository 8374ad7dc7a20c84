package org.observatory.api.hbase.secret;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.AppConfigurationEntry.LoginModuleControlFlag;
import javax.security.auth.login.Configuration;
import org.apache.zookeeper.server.auth.DigestLoginModule;

/**
 * ZooKeeper reads its SASL credentials from the JVM's JAAS configuration, by section name: this one
 * answers the store's sections from the secret itself (so no password is written to a jaas.conf) and
 * passes every other name to the configuration it replaced.
 */
final class SecretJaas extends Configuration {
  private static final String CLIENT = "observatory-store-client:";
  private static final String SERVER = "observatory-store-server:";

  private final Configuration before;

  private SecretJaas(Configuration before) {
    this.before = before;
  }

  static synchronized void install() {
    Configuration current;
    try {
      current = Configuration.getConfiguration();
    } catch (SecurityException none) {
      current = null; // no JAAS configuration at all
    }
    if (!(current instanceof SecretJaas)) {
      Configuration.setConfiguration(new SecretJaas(current));
    }
  }

  /** The client section that shows the secret in this file. */
  static String clientSection(Path secretFile) {
    return CLIENT + secretFile;
  }

  /** The server section that takes the secret of the store this process serves with this user. */
  static String serverSection(String user) {
    return SERVER + user;
  }

  @Override
  public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
    if (name.startsWith(CLIENT)) {
      StoreSecret secret;
      try {
        secret = StoreSecret.read(Path.of(name.substring(CLIENT.length())));
      } catch (IOException e) {
        throw new SecurityException(e.getMessage(), e); // what ZooKeeper expects of a section it cannot have
      }
      return digest(Map.of("username", secret.user(), "password", secret.password()));
    }
    if (name.startsWith(SERVER)) {
      String user = name.substring(SERVER.length());
      String password = StoreAccess.servedPassword(user);
      return password == null ? null : digest(Map.of("user_" + user, password));
    }
    return before == null ? null : before.getAppConfigurationEntry(name);
  }

  @Override
  public void refresh() {
    if (before != null) {
      before.refresh();
    }
  }

  private static AppConfigurationEntry[] digest(Map<String, String> options) {
    return new AppConfigurationEntry[] {
        new AppConfigurationEntry(DigestLoginModule.class.getName(), LoginModuleControlFlag.REQUIRED, options)};
  }
}
