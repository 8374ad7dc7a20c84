package org.observatory.api.hbase.secret;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.AuthenticationException;
import javax.security.sasl.AuthorizeCallback;
import javax.security.sasl.RealmCallback;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslServer;
import org.apache.hadoop.hbase.security.SaslUtil;
import org.apache.hadoop.hbase.security.provider.AttemptingUserProvidingSaslServer;
import org.apache.hadoop.hbase.security.provider.SaslServerAuthenticationProvider;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.SecretManager;
import org.apache.hadoop.security.token.TokenIdentifier;

/**
 * A server's side of {@link SecretSasl}: the password it checks is that of the store this process
 * serves ({@link StoreAccess#serve}). HBase finds it through {@code META-INF/services}, in every JVM.
 */
public final class SecretSaslServer extends SecretSasl implements SaslServerAuthenticationProvider {
  @Override
  public AttemptingUserProvidingSaslServer createServer(SecretManager<TokenIdentifier> secretManager,
      Map<String, String> saslProps) throws IOException {
    AtomicReference<UserGroupInformation> attempting = new AtomicReference<>();
    SaslServer server = Sasl.createSaslServer(METHOD.getSaslMechanism(), null, SaslUtil.SASL_DEFAULT_REALM, saslProps,
        callbacks -> {
          String user = null;
          for (Callback callback : callbacks) {
            if (callback instanceof NameCallback name) {
              user = name.getDefaultName();
              attempting.set(UserGroupInformation.createRemoteUser(user));
            } else if (callback instanceof PasswordCallback password) {
              String expected = user == null ? null : StoreAccess.servedPassword(user);
              if (expected == null) {
                throw new AuthenticationException("no store served here has the user " + user);
              }
              password.setPassword(expected.toCharArray());
            } else if (callback instanceof AuthorizeCallback authorize) {
              // Who authenticated acts as itself, never as another.
              authorize.setAuthorized(authorize.getAuthenticationID().equals(authorize.getAuthorizationID()));
              if (authorize.isAuthorized()) {
                authorize.setAuthorizedID(authorize.getAuthorizationID());
              }
            } else if (!(callback instanceof RealmCallback)) {
              throw new UnsupportedCallbackException(callback);
            }
          }
        });
    return new AttemptingUserProvidingSaslServer(server, attempting::get);
  }

  @Override
  public boolean supportsProtocolAuthentication() {
    return false;
  }

  /**
   * Whoever shows the secret could read the store's files, so acts as the store's own user: HBase runs
   * a bulk load's file moves as the caller, and files the service's user wrote are that user's to move.
   */
  @Override
  public UserGroupInformation getAuthorizedUgi(String authzId, SecretManager<TokenIdentifier> secretManager)
      throws IOException {
    UserGroupInformation ugi = UserGroupInformation.createRemoteUser(UserGroupInformation.getLoginUser().getShortUserName());
    ugi.setAuthenticationMethod(METHOD.getAuthMethod());
    return ugi;
  }
}
