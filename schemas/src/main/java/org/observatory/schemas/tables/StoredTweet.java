package org.observatory.schemas.tables;

import java.util.List;
import org.observatory.schemas.tweet.Tweet;

/**
 * A tweet as read back from the tweet table.
 *
 * @param json the stored status JSON, or null when the row was read without family {@code j}
 */
public record StoredTweet(
    long id,
    long createdAt,
    long userId,
    String screenName,
    String lang,
    Tweet.TweetRef retweetOf,
    Tweet.TweetRef quoteOf,
    Tweet.TweetRef replyTo,
    List<String> hashtags,
    List<Tweet.Mention> mentions,
    List<String> urls,
    String json) {

  /** The name the tweet mentions a user by; null where it does not mention them. */
  public String mentionedName(long user) {
    return mentions.stream().filter(m -> m.userId() == user).map(Tweet.Mention::screenName).findFirst().orElse(null);
  }

  /**
   * The tweet as the indexer sees it, from the decoded fields alone: no text (it is in the JSON), so
   * that index rules over those fields key it as they keyed it when it was loaded.
   */
  public Tweet asTweet() {
    return new Tweet(id, createdAt, createdAt, "", lang, new Tweet.User(userId, screenName, null), hashtags,
        mentions, urls, List.of(), retweetOf, quoteOf, replyTo, null);
  }
}
