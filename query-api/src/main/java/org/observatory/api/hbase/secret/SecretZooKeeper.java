package org.observatory.api.hbase.secret;

import java.io.IOException;
import java.util.concurrent.Callable;
import org.apache.zookeeper.server.ZooKeeperSaslServer;
import org.apache.zookeeper.server.auth.ProviderRegistry;
import org.apache.zookeeper.server.auth.SASLAuthenticationProvider;
import org.apache.zookeeper.server.command.FourLetterCommands;
import org.apache.zookeeper.server.AuthenticationHelper;

/**
 * Starts a ZooKeeper server that ends every session which has not authenticated with the store's
 * secret. ZooKeeper takes these settings only from system properties, read as its server is made:
 * they are set for that moment alone, so that no other ZooKeeper of the JVM (a test's) inherits them.
 */
public final class SecretZooKeeper {
  private static final String AUTH_PROVIDER_KEY = ProviderRegistry.AUTHPROVIDER_PROPERTY_PREFIX + "sasl";
  private static final String FOUR_LETTER_WORDS_KEY = "zookeeper.4lw.commands.whitelist";
  /** What ZooKeeper answers without a session: whether it is up, never its sessions, nodes or settings. */
  private static final String FOUR_LETTER_WORDS = "ruok,srvr,stat";

  private SecretZooKeeper() {}

  public static <T> T start(StoreSecret secret, Callable<T> startup) throws IOException {
    synchronized (SecretZooKeeper.class) {
      SecretJaas.install();
      String section = System.getProperty(ZooKeeperSaslServer.LOGIN_CONTEXT_NAME_KEY);
      String required = System.getProperty(AuthenticationHelper.SESSION_REQUIRE_CLIENT_SASL_AUTH);
      System.setProperty(AUTH_PROVIDER_KEY, SASLAuthenticationProvider.class.getName());
      ProviderRegistry.reset(); // so that it reads the property above even if a ZooKeeper ran before
      System.setProperty(ZooKeeperSaslServer.LOGIN_CONTEXT_NAME_KEY, SecretJaas.serverSection(secret.user()));
      System.setProperty(AuthenticationHelper.SESSION_REQUIRE_CLIENT_SASL_AUTH, "true");
      try {
        T started = startup.call();
        System.setProperty(FOUR_LETTER_WORDS_KEY, FOUR_LETTER_WORDS);
        FourLetterCommands.resetWhiteList();
        return started;
      } catch (IOException | RuntimeException e) {
        throw e;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted starting ZooKeeper", e);
      } catch (Exception e) {
        throw new IOException("ZooKeeper did not start", e);
      } finally {
        restore(ZooKeeperSaslServer.LOGIN_CONTEXT_NAME_KEY, section);
        restore(AuthenticationHelper.SESSION_REQUIRE_CLIENT_SASL_AUTH, required);
      }
    }
  }

  private static void restore(String key, String value) {
    if (value == null) {
      System.clearProperty(key);
    } else {
      System.setProperty(key, value);
    }
  }
}
