package org.observatory.api.security;

import ch.qos.logback.classic.Level;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The audit trail: every write (a job submitted, cancelled or removed, a key made or revoked, a load, a
 * reindex, a month's tables dropped) as one JSON line on the logger {@code audit}, with who did it (a
 * key's id, or the command's user; never a key), when, and how it ended. The shipped configurations
 * write it to its own file; it is on even where the configuration or the admin port quiets every logger.
 */
public final class Audit {
  public static final String LOGGER = "audit";
  private static final Logger LOG = LoggerFactory.getLogger(LOGGER);
  /**
   * Every character past ASCII written as a JSON escape: a client's U+2028 or U+2029 (line breaks to
   * many readers) or any other oddity stays inside its line, and the trail is one JSON object a line.
   */
  private static final ObjectMapper JSON = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();
  /** Longer than any id Observatory makes (a job's is 36): a client's longer value is cut to this. */
  private static final int GIVEN_MAX = 64;

  private Audit() {}

  /** Who runs a command: the system's user, since commands reach HBase without a key. */
  public static String commandUser() {
    return "command:" + System.getProperty("user.name", "unknown");
  }

  /**
   * @param actor a key's id, {@code local}, or {@link #commandUser()}
   * @param action what was done, e.g. {@code job.submit}
   * @param target what it was done to: a job's id, a key's id, a month, a path
   * @param outcome how it ended, e.g. {@code accepted}, {@code not-found}, {@code failed}
   * @param details more to say, or an empty map
   */
  public static void record(String actor, String action, String target, String outcome, Map<String, ?> details) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("time", Instant.now().toString());
    line.put("actor", actor);
    line.put("action", action);
    line.put("target", target);
    line.put("outcome", outcome);
    line.putAll(details);
    keepOn();
    try {
      LOG.info(JSON.writeValueAsString(line));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("audit line not writable as JSON: " + line, e);
    }
  }

  public static void record(String actor, String action, String target, String outcome) {
    record(actor, action, target, outcome, Map.of());
  }

  /** A value a client gave, cut so that no request writes a long line into the trail, or an answer. */
  public static String given(String value) {
    return value.length() <= GIVEN_MAX ? value
        : value.substring(0, GIVEN_MAX) + "... (" + value.length() + " characters)";
  }

  /**
   * Nothing turns the trail down: not a configuration that sets the root to WARN or names the logger at
   * OFF, nor the admin port's log-level task. Checked before every line, so a change lasts no line.
   */
  private static void keepOn() {
    if (LOG instanceof ch.qos.logback.classic.Logger logger && !Level.INFO.isGreaterOrEqual(logger.getEffectiveLevel())) {
      logger.setLevel(Level.INFO);
    }
  }
}
