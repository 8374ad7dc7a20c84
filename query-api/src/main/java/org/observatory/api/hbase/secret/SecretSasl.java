package org.observatory.api.hbase.secret;

import org.apache.hadoop.hbase.security.provider.SaslAuthMethod;
import org.apache.hadoop.hbase.security.provider.SaslAuthenticationProvider;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;

/**
 * HBase RPC authenticated by the {@link StoreSecret}, as SASL DIGEST-MD5 (the password never crosses
 * the wire): the secret's user name says which store's password the server checks it against.
 */
abstract class SecretSasl implements SaslAuthenticationProvider {
  /** The code, one byte in every connection's preamble, is free among HBase's (80 to 82) and Hadoop's. */
  static final SaslAuthMethod METHOD =
      new SaslAuthMethod("OBSERVATORY_STORE_SECRET", (byte) 90, "DIGEST-MD5", AuthenticationMethod.TOKEN);

  @Override
  public SaslAuthMethod getSaslAuthMethod() {
    return METHOD;
  }

  @Override
  public String getTokenKind() {
    return METHOD.getName(); // no token is ever issued: the kind only has to differ from HBase's
  }
}
