package org.observatory.api.query;

import java.util.List;
import java.util.Map;

/**
 * A query's parameters as given (absent ones are null), each read into its typed value by the one
 * method that owns its syntax and error message.
 */
public final class QueryRequest {
  private final Map<String, String> given;
  private final QuerySettings settings;
  private final IndexKeys indexKeys;
  private final MemeKeys memeKeys;

  QueryRequest(Map<String, String> given, QuerySettings settings, IndexKeys indexKeys, MemeKeys memeKeys) {
    this.given = given;
    this.settings = settings;
    this.indexKeys = indexKeys;
    this.memeKeys = memeKeys;
  }

  public String get(String name) {
    return given.get(name);
  }

  public TimeWindow window() {
    return TimeWindow.parse(given.get("start"), given.get("end"), settings.maxWindowDays());
  }

  /** {@code memes}: comma-separated, as the meme index keys them. */
  public List<Meme> memes() {
    return memeKeys.parseList(given.get("memes"), settings.maxMemes());
  }

  public TimestampCount.Granularity granularity() {
    return TimestampCount.Granularity.parse(given.get("granularity"));
  }

  public TweetLines fields() {
    return TweetLines.parse(given.get("fields"), given.get("sample"), given.get("format"));
  }

  /** The parameter, or a 400 saying it is missing and what it should be. */
  public String required(String name, String what) {
    String value = given.get(name);
    if (value == null || value.isBlank()) {
      throw new BadQueryException("missing parameter '" + name + "' (" + what + ")");
    }
    return value;
  }

  /** The row keys a value makes in an index, by the rules of the specification in force. */
  public List<String> keys(String index, String value) {
    return indexKeys.of(index, value);
  }

  /** The rule of an index that keys a field, by the specification in force. */
  public org.observatory.schemas.index.KeyRule rule(String index, String field) {
    return indexKeys.rule(index, field);
  }

  /** {@code limit}: how many rows at most, from 1 to {@code max}; {@code absent} when not given. */
  public int limit(int absent, int max) {
    return count("limit", absent, max);
  }

  /** A whole number from 1 to {@code max}; {@code absent} when not given. */
  public int count(String name, int absent, int max) {
    String text = given.get(name);
    if (text == null || text.isBlank()) {
      return absent;
    }
    try {
      int limit = Integer.parseInt(text.strip());
      if (limit >= 1 && limit <= max) {
        return limit;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new BadQueryException(name + " must be a whole number from 1 to " + max + ", not '" + text + "'");
  }

  /** A yes-or-no parameter: {@code true} or {@code false} (the default). */
  public boolean flag(String name) {
    String text = given.get(name);
    if (text == null || text.isBlank() || text.strip().equals("false")) {
      return false;
    }
    if (text.strip().equals("true")) {
      return true;
    }
    throw new BadQueryException(name + " must be true or false, not '" + text + "'");
  }

  /** The user id of a Bluesky account's DID, if any event stored named it. */
  public java.util.OptionalLong accountId(String did) {
    return memeKeys.accountId(did);
  }

  public int maxKeys() {
    return settings.maxMemes();
  }
}
