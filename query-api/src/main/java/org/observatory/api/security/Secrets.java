package org.observatory.api.security;

import java.util.regex.Pattern;

/**
 * What no log line may hold: a key's secret, whether as the key itself ({@code obs_ID_SECRET}, wherever
 * it appears: a header Jetty logs at DEBUG, a URL, an exception's message) or as an {@code access_token}
 * parameter in any case. A key keeps its id, which names it in the audit trail and is no secret.
 */
final class Secrets {
  private static final Pattern KEY = Pattern.compile("obs_([0-9a-f]{12})_[A-Za-z0-9_-]{43}");
  private static final Pattern ACCESS_TOKEN = Pattern.compile("(?i)(access_token=)[^&\\s\"']*");
  /** What a masked secret reads as. */
  static final String MASK = "***";

  private Secrets() {}

  /** Whether the text may hold a secret: cheap, for every line. */
  static boolean mayHold(String text) {
    return text != null && (text.contains("obs_") || ACCESS_TOKEN.matcher(text).find());
  }

  /** The text with every secret masked. */
  static String masked(String text) {
    return ACCESS_TOKEN.matcher(KEY.matcher(text).replaceAll("obs_$1_" + MASK)).replaceAll("$1" + MASK);
  }
}
