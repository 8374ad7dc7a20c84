package org.observatory.schemas.tweet;

import java.util.List;

/**
 * One status, parsed once, holding what the tables and indexes need.
 *
 * <p>{@code json} is the status as received, except that its {@code user} object and any embedded
 * {@code retweeted_status} or {@code quoted_status} are replaced by small references ({@code id},
 * {@code id_str}, and the user's id or screen name): the profile lives in the user table and the
 * embedded original is a tweet of its own, stored once in the month of its own creation.
 *
 * @param createdAt epoch milliseconds (UTC) of {@code created_at}
 * @param observedAt when this snapshot of the tweet was taken: the creation time of the status line
 *     that carried it (its own for a status, the retweet's or quote's for an embedded original), to
 *     the millisecond for snowflake ids.
 *     Stored data is stamped with it, so the newest snapshot wins whatever order lines are loaded in.
 * @param text the full text: {@code extended_tweet.full_text} when present
 * @param lang the tweet's language code, or null (v1 objects have none)
 * @param hashtags hashtag texts without the leading {@code #}, as written
 * @param urls expanded URLs (the short URL when no expansion is given)
 * @param entitySpans code-point ranges of the hashtags, mentions, URLs and media in {@code text}
 * @param retweetOf the original of a retweet, else null
 * @param quoteOf the quoted tweet of a quote, else null
 * @param replyTo the status (and its author) this one replies to, else null; its id may be 0 when
 *     only the user is known
 */
public record Tweet(
    long id,
    long createdAt,
    long observedAt,
    String text,
    String lang,
    User user,
    List<String> hashtags,
    List<Mention> mentions,
    List<String> urls,
    List<Span> entitySpans,
    TweetRef retweetOf,
    TweetRef quoteOf,
    TweetRef replyTo,
    String json) {

  public boolean isRetweet() {
    return retweetOf != null;
  }

  /** The text with every entity cut out and HTML escapes undone: the words a reader sees. */
  public String plainText() {
    StringBuilder out = new StringBuilder(text.length());
    int codePoint = 0;
    int spanIndex = 0;
    for (int i = 0; i < text.length(); codePoint++) {
      int cp = text.codePointAt(i);
      while (spanIndex < entitySpans.size() && entitySpans.get(spanIndex).end() <= codePoint) {
        spanIndex++;
      }
      boolean inEntity = spanIndex < entitySpans.size() && entitySpans.get(spanIndex).contains(codePoint);
      out.appendCodePoint(inEntity ? ' ' : cp);
      i += Character.charCount(cp);
    }
    return out.toString().replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
  }

  /** An account mentioned in a tweet. */
  public record Mention(long userId, String screenName) {}

  /**
   * A pointer to another tweet: its id, its author's id and its creation time (which names the month
   * it is stored in), each 0 when the status did not carry it (a reply, or a bare quoted_status_id).
   */
  public record TweetRef(long id, long userId, long createdAt) {}

  /** A half-open range [start, end) of code points in a tweet's text. */
  public record Span(int start, int end) {
    boolean contains(int codePoint) {
      return codePoint >= start && codePoint < end;
    }
  }

  /**
   * The author's profile as of this tweet.
   *
   * @param json the {@code user} object exactly as received
   */
  public record User(long id, String screenName, String json) {}
}
