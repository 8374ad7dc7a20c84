package org.observatory.api.hbase.secret;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.provider.SaslClientAuthenticationProviders;

/**
 * The embedded store's door: its ZooKeeper and its RPC ports take only a process that shows the
 * {@link StoreSecret}. Everything that reaches the store (the service, its tasks, the commands that
 * attach to it) is configured by {@link #require}; the process that runs the store {@link #serve}s it.
 */
public final class StoreAccess {
  /** Where a client's secret is: its file, never the password itself (configurations reach job.xml files). */
  static final String SECRET_FILE_KEY = "observatory.store.secret.file";
  /** HBase's switch for "every RPC connection authenticates": named for Kerberos, which takes no part here. */
  private static final String AUTHENTICATION_KEY = User.HBASE_SECURITY_CONF_KEY;
  /** A ZooKeeper client setting, passed by HBase from {@code hbase.zookeeper.property.*}. */
  private static final String ZOOKEEPER_CLIENT_SECTION_KEY = "hbase.zookeeper.property.zookeeper.sasl.clientconfig";

  /** The secrets of the stores this process runs, by their user. */
  private static final Map<String, StoreSecret> SERVED = new ConcurrentHashMap<>();

  private StoreAccess() {}

  /** Makes every connection of this configuration, to ZooKeeper and to HBase, show the secret in the file. */
  public static void require(Configuration conf, Path secretFile) {
    Path file = secretFile.toAbsolutePath().normalize();
    conf.set(SECRET_FILE_KEY, file.toString());
    conf.set(AUTHENTICATION_KEY, "kerberos");
    conf.set(SaslClientAuthenticationProviders.SELECTOR_KEY, SecretSelector.class.getName());
    conf.set(SaslClientAuthenticationProviders.EXTRA_PROVIDERS_KEY, SecretSaslClient.class.getName());
    conf.set(ZOOKEEPER_CLIENT_SECTION_KEY, SecretJaas.clientSection(file));
    SecretJaas.install();
    // HBase keeps one set of client providers a JVM, made from the first configuration it saw: it must
    // be this one's, whose selector is asked only for connections that require the secret.
    SaslClientAuthenticationProviders.reset();
    SaslClientAuthenticationProviders.getInstance(conf);
  }

  /** The secret a configuration made by {@link #require} shows. */
  static StoreSecret secretOf(Configuration conf) throws IOException {
    String file = conf.get(SECRET_FILE_KEY);
    if (file == null) {
      throw new IOException("this configuration names no store secret (" + SECRET_FILE_KEY + ")");
    }
    return StoreSecret.read(Path.of(file));
  }

  /** From now on this process's store servers (ZooKeeper, HBase RPC) take this secret. */
  public static void serve(StoreSecret secret) {
    SERVED.put(secret.user(), secret);
  }

  public static void stopServing(StoreSecret secret) {
    SERVED.remove(secret.user(), secret);
  }

  /** The password of a store this process serves, or null when it serves none with that user. */
  static String servedPassword(String user) {
    StoreSecret secret = SERVED.get(user);
    return secret == null ? null : secret.password();
  }
}
