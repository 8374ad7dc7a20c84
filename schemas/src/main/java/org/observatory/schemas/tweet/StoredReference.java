package org.observatory.schemas.tweet;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * STORED FORMAT: how a stored status refers to what the parser cut out of it — its author's profile
 * (kept in the user table) and the statuses it embeds (stored once, as rows of their own, in the month
 * their {@code created_at} names). The parser writes these references and whoever rebuilds an original
 * status follows them; changing them breaks the JSON already stored.
 */
public final class StoredReference {
  /** The fields of a status that hold embedded statuses. */
  public static final List<String> EMBEDDED_FIELDS = List.of("retweeted_status", "quoted_status");

  /** What a status reference names: the embedded status's id and creation time (epoch millis). */
  public record Target(long id, long createdAt) {}

  private StoredReference() {}

  /** {@code {"id":..,"id_str":"..","screen_name":".."}}: the author, whose profile is in the user table. */
  static String toUser(long id, String screenName) {
    return "{\"id\":" + id + ",\"id_str\":\"" + id + "\",\"screen_name\":\"" + quote(screenName) + "\"}";
  }

  /** {@code {"id":..,"id_str":"..","created_at":"..","user":{"id":..,"id_str":".."}}}: an embedded status. */
  static String toStatus(long id, String createdAt, long userId) {
    String created = createdAt == null ? "" : ",\"created_at\":\"" + quote(createdAt) + "\"";
    return "{\"id\":" + id + ",\"id_str\":\"" + id + "\"" + created + ",\"user\":{\"id\":" + userId + ",\"id_str\":\""
        + userId + "\"}}";
  }

  /**
   * The status a stored status's embedded field refers to; empty when the field is absent or names no
   * creation time (nothing to follow).
   *
   * @throws MalformedTweetException when the reference's creation time is not Twitter's date format
   */
  public static Optional<Target> of(JsonNode reference) throws MalformedTweetException {
    if (reference == null || !reference.hasNonNull("created_at") || !reference.hasNonNull("id")) {
      return Optional.empty();
    }
    return Optional.of(new Target(reference.get("id").asLong(), TwitterDates.parse(reference.get("created_at").asText())));
  }

  private static String quote(String s) {
    return s == null ? "" : new String(JsonStringEncoder.getInstance().quoteAsString(s));
  }
}
