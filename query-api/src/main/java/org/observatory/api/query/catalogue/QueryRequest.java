package org.observatory.api.query.catalogue;

import java.util.List;
import java.util.Map;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Meme;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.output.TweetLines;

/**
 * A query's parameters as given (absent ones are null), each read into its typed value by the one
 * method that owns its syntax and error message.
 */
public final class QueryRequest {
  private final Map<String, String> given;
  private final QuerySettings settings;
  private final IndexKeys indexKeys;
  private final MemeKeys memeKeys;

  public QueryRequest(Map<String, String> given, QuerySettings settings, IndexKeys indexKeys, MemeKeys memeKeys) {
    this.given = given;
    this.settings = settings;
    this.indexKeys = indexKeys;
    this.memeKeys = memeKeys;
  }

  public String get(QueryParameter parameter) {
    return given.get(parameter.apiName());
  }

  public TimeWindow window() {
    return TimeWindow.parse(get(QueryParameter.START), get(QueryParameter.END), settings.maxWindowDays());
  }

  /** {@code memes}: comma-separated, as the meme index keys them. */
  public List<Meme> memes() {
    return memeKeys.parseList(get(QueryParameter.MEMES), settings.maxMemes());
  }

  TimestampCount.Granularity granularity() {
    return TimestampCount.Granularity.parse(get(QueryParameter.GRANULARITY));
  }

  public TweetLines fields() {
    return TweetLines.parse(get(QueryParameter.FIELDS), get(QueryParameter.SAMPLE), get(QueryParameter.FORMAT));
  }

  /** The parameter, or a 400 saying it is missing and what it should be. */
  public String required(QueryParameter parameter, String what) {
    String value = get(parameter);
    if (value == null || value.isBlank()) {
      throw new BadQueryException("missing parameter '" + parameter.apiName() + "' (" + what + ")");
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
    return count(QueryParameter.LIMIT, absent, max);
  }

  /** A whole number from 1 to {@code max}; {@code absent} when not given. */
  public int count(QueryParameter parameter, int absent, int max) {
    String name = parameter.apiName();
    String text = get(parameter);
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

  /** A user id the parameter names, or 0 when it is absent. */
  long userId(QueryParameter parameter) {
    String text = get(parameter);
    if (text == null || text.isBlank()) {
      return 0;
    }
    try {
      long id = Long.parseLong(text.strip());
      if (id > 0) {
        return id;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new BadQueryException(parameter.apiName() + " must be a user id (a positive whole number), not '"
        + text + "'");
  }

  /** A number above 0 up to 1; {@code absent} when not given. */
  double fraction(QueryParameter parameter, double absent) {
    String text = get(parameter);
    if (text == null || text.isBlank()) {
      return absent;
    }
    try {
      double value = Double.parseDouble(text.strip());
      if (value > 0 && value <= 1) {
        return value;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new BadQueryException(parameter.apiName() + " must be a number above 0 up to 1, not '" + text + "'");
  }

  /** A yes-or-no parameter: {@code true} or {@code false} (the default). */
  boolean flag(QueryParameter parameter) {
    String name = parameter.apiName();
    String text = get(parameter);
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

  int maxKeys() {
    return settings.maxMemes();
  }
}
