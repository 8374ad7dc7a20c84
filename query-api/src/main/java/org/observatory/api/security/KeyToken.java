package org.observatory.api.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An API key as a client sends it: {@code obs_<id>_<secret>}. The id names the key in lists, logs and
 * the audit trail; the secret (256 random bits) is shown once, when the key is created, and only its
 * SHA-256 is kept. A slow password hash would add nothing: no one guesses 256 random bits.
 */
public record KeyToken(String id, String secret) {
  private static final Pattern FORM = Pattern.compile("obs_([0-9a-f]{12})_([A-Za-z0-9_-]{43})");
  private static final SecureRandom RANDOM = new SecureRandom();

  public static KeyToken random() {
    byte[] id = new byte[6];
    byte[] secret = new byte[32];
    RANDOM.nextBytes(id);
    RANDOM.nextBytes(secret);
    return new KeyToken(HexFormat.of().formatHex(id), Base64.getUrlEncoder().withoutPadding().encodeToString(secret));
  }

  /** The token's parts, or empty for anything not shaped like a key. */
  public static Optional<KeyToken> parse(String token) {
    Matcher m = FORM.matcher(token == null ? "" : token.strip());
    return m.matches() ? Optional.of(new KeyToken(m.group(1), m.group(2))) : Optional.empty();
  }

  /** What is stored instead of the secret. */
  public byte[] hash() {
    try {
      return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.US_ASCII));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** The whole token, to hand to the key's holder once. */
  public String text() {
    return "obs_" + id + "_" + secret;
  }

  @Override
  public String toString() {
    return "key " + id; // never the secret, should a token reach a log
  }
}
