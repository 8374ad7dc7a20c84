package org.observatory.api.query.tally;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.tables.CellFields;
import org.observatory.schemas.tables.StoredTweet;
import org.observatory.schemas.tweet.Tweet;

/**
 * A tweet as much as an index cell tells of it: its id and time, and the fields the cell holds, so
 * that a content query needing no more tallies it as it would the fetched tweet. Fields the cell does
 * not hold are empty.
 */
public final class CarriedTweet {
  private CarriedTweet() {}

  public static StoredTweet of(IndexDefinition index, long id, long createdAt, byte[] cell) {
    Map<String, List<String>> f = CellFields.read(index, cell, 0, cell.length);
    List<String> mentionIds = f.getOrDefault("mentions.id", List.of());
    List<String> mentionNames = f.getOrDefault("mentions.screen_name", List.of());
    List<Tweet.Mention> mentions = new ArrayList<>();
    for (int i = 0; i < Math.max(mentionIds.size(), mentionNames.size()); i++) { // one value per mention, in order
      mentions.add(new Tweet.Mention(i < mentionIds.size() ? Long.parseLong(mentionIds.get(i)) : 0,
          i < mentionNames.size() ? mentionNames.get(i) : null));
    }
    return new StoredTweet(id, createdAt, id(f, "user.id"), first(f, "user.screen_name"), first(f, "lang"),
        ref(f, "retweet_of"), ref(f, "quote_of"), ref(f, "reply_to"), f.getOrDefault("hashtags", List.of()),
        mentions, f.getOrDefault("urls", List.of()), null);
  }

  /** A reference the cell holds either end of; null when it holds neither. */
  private static Tweet.TweetRef ref(Map<String, List<String>> f, String to) {
    long tweet = id(f, to + ".id");
    long user = id(f, to + ".user.id");
    return tweet == 0 && user == 0 ? null : new Tweet.TweetRef(tweet, user, 0);
  }

  private static long id(Map<String, List<String>> f, String field) {
    String value = first(f, field);
    return value == null ? 0 : Long.parseLong(value);
  }

  private static String first(Map<String, List<String>> f, String field) {
    List<String> values = f.getOrDefault(field, List.of());
    return values.isEmpty() ? null : values.get(0);
  }
}
