package org.observatory.schemas.index;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.observatory.schemas.tweet.Tweet;

/**
 * The fields of a tweet that an index specification can name: each yields zero or more values.
 * Numeric fields (ids) can also serve as an index's qualifier or cell value.
 */
public final class TweetFields {
  /** The tweet's own id: the default qualifier. */
  public static final String TWEET_ID = "id";
  /** The poster's user id. */
  public static final String POSTER_ID = "user.id";
  private static final Map<String, Function<Tweet, List<String>>> TEXT_FIELDS = Map.of(
      "user.screen_name", t -> single(t.user().screenName()),
      "hashtags", Tweet::hashtags,
      "mentions.screen_name", t -> t.mentions().stream().map(Tweet.Mention::screenName).toList(),
      "mentions.id", t -> t.mentions().stream().map(m -> Long.toString(m.userId())).toList(),
      "urls", Tweet::urls,
      "urls.domain", t -> t.urls().stream().map(TweetFields::domain).filter(d -> !d.isEmpty()).distinct().toList(),
      "text", t -> List.of(t.plainText()),
      "lang", t -> single(t.lang()));

  private static final Map<String, Function<Tweet, Long>> ID_FIELDS = Map.of(
      TWEET_ID, Tweet::id,
      POSTER_ID, t -> t.user().id(),
      "retweet_of.id", t -> t.retweetOf() == null ? null : t.retweetOf().id(),
      "retweet_of.user.id", t -> t.retweetOf() == null ? null : t.retweetOf().userId(),
      "quote_of.id", t -> t.quoteOf() == null ? null : t.quoteOf().id(),
      "quote_of.user.id", t -> t.quoteOf() == null ? null : t.quoteOf().userId(),
      "reply_to.id", t -> t.replyTo() == null || t.replyTo().id() == 0 ? null : t.replyTo().id(),
      "reply_to.user.id", t -> t.replyTo() == null || t.replyTo().userId() == 0 ? null : t.replyTo().userId());

  private TweetFields() {}

  public static boolean isField(String name) {
    return TEXT_FIELDS.containsKey(name) || ID_FIELDS.containsKey(name);
  }

  /** Whether the field's values are ids ({@code id}, {@code user.id}, {@code mentions.id}...). */
  public static boolean holdsIds(String name) {
    return name.equals(TWEET_ID) || name.endsWith(".id");
  }

  public static boolean isIdField(String name) {
    return ID_FIELDS.containsKey(name);
  }

  /** The field's values in the tweet, as text; ids in decimal. */
  public static List<String> values(String field, Tweet tweet) {
    Function<Tweet, List<String>> text = TEXT_FIELDS.get(field);
    if (text != null) {
      return text.apply(tweet);
    }
    Long id = idValue(field, tweet);
    return id == null ? List.of() : List.of(Long.toString(id));
  }

  /** An id field's value in the tweet, or null when the tweet has none. */
  public static Long idValue(String field, Tweet tweet) {
    Function<Tweet, Long> id = ID_FIELDS.get(field);
    if (id == null) {
      throw new IllegalArgumentException("not an id field: " + field);
    }
    return id.apply(tweet);
  }

  /** Every field name, for error messages and documentation. */
  public static List<String> names() {
    return java.util.stream.Stream.concat(TEXT_FIELDS.keySet().stream(), ID_FIELDS.keySet().stream())
        .sorted().toList();
  }

  /**
   * A URL's host, lower-cased and without a leading {@code www.}; empty when the URL has none. Read by
   * hand, not by {@link java.net.URI}: tweets hold URLs that URI rejects, and their host is still plain.
   */
  static String domain(String url) {
    int scheme = url.indexOf("://");
    int from = scheme < 0 ? 0 : scheme + 3;
    int to = from;
    while (to < url.length() && "/?#".indexOf(url.charAt(to)) < 0) {
      to++;
    }
    String host = url.substring(from, to);
    host = host.substring(host.lastIndexOf('@') + 1); // user info
    int port = host.lastIndexOf(':');
    if (port >= 0 && !host.endsWith("]")) {
      host = host.substring(0, port);
    }
    host = host.toLowerCase(java.util.Locale.ROOT);
    return host.startsWith("www.") ? host.substring(4) : host;
  }

  private static List<String> single(String value) {
    return value == null || value.isEmpty() ? List.of() : List.of(value);
  }
}
