package org.observatory.api.hbase.secret;

import java.io.IOException;
import java.net.InetAddress;
import java.util.Map;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.RealmCallback;
import javax.security.sasl.RealmChoiceCallback;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslClient;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.security.SaslUtil;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.provider.SaslClientAuthenticationProvider;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.UserInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;

/** A client's side of {@link SecretSasl}: it reads the secret from the file its configuration names. */
public final class SecretSaslClient extends SecretSasl implements SaslClientAuthenticationProvider {
  @Override
  public SaslClient createClient(Configuration conf, InetAddress serverAddr, String serverPrincipal,
      Token<? extends TokenIdentifier> token, boolean fallbackAllowed, Map<String, String> saslProps)
      throws IOException {
    StoreSecret secret = StoreAccess.secretOf(conf);
    return Sasl.createSaslClient(new String[] {METHOD.getSaslMechanism()}, null, null, SaslUtil.SASL_DEFAULT_REALM,
        saslProps, callbacks -> {
          for (Callback callback : callbacks) {
            if (callback instanceof NameCallback name) {
              name.setName(secret.user());
            } else if (callback instanceof PasswordCallback password) {
              password.setPassword(secret.password().toCharArray());
            } else if (callback instanceof RealmChoiceCallback) {
              continue; // the server offers one realm
            } else if (callback instanceof RealmCallback realm) {
              realm.setText(realm.getDefaultText());
            } else {
              throw new UnsupportedCallbackException(callback);
            }
          }
        });
  }

  /** None: the secret's user is who calls, and a claim beside it would only be refused. */
  @Override
  public UserInformation getUserInfo(User user) {
    return null;
  }
}
