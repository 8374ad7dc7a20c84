package org.observatory.api.hbase.secret;

import java.util.Collection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.provider.AuthenticationProviderSelector;
import org.apache.hadoop.hbase.security.provider.SaslClientAuthenticationProvider;
import org.apache.hadoop.hbase.util.Pair;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;

/**
 * Which way a client authenticates: HBase asks only for connections whose configuration requires it
 * ({@link StoreAccess#require}), and those show the store's secret. The rest stay simple without asking.
 */
public final class SecretSelector implements AuthenticationProviderSelector {
  private SaslClientAuthenticationProvider secret;

  @Override
  public void configure(Configuration conf, Collection<SaslClientAuthenticationProvider> providers) {
    secret = providers.stream().filter(SecretSaslClient.class::isInstance).findFirst()
        .orElseThrow(() -> new IllegalStateException(SecretSaslClient.class.getName() + " is not loaded"));
  }

  @Override
  public Pair<SaslClientAuthenticationProvider, Token<? extends TokenIdentifier>> selectProvider(String clusterId,
      User user) {
    return new Pair<>(secret, null);
  }
}
