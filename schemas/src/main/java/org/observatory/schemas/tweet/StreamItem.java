package org.observatory.schemas.tweet;

import java.util.ArrayList;
import java.util.List;

/** What one line of a tweet stream or archive holds. */
public sealed interface StreamItem {

  /**
   * A status, with the originals it embeds ({@code retweeted_status}, {@code quoted_status}, at any
   * depth) as tweets in their own right, each once.
   */
  record Status(Tweet tweet, List<Tweet> embedded) implements StreamItem {
    /** The status first, then its embedded originals. */
    public List<Tweet> all() {
      List<Tweet> all = new ArrayList<>(1 + embedded.size());
      all.add(tweet);
      all.addAll(embedded);
      return all;
    }
  }

  /** A user asked for a status to be deleted. */
  record DeleteNotice(long statusId, long userId, long timestampMs) implements StreamItem {}

  /** Any other stream message (limit, scrub_geo, status_withheld, disconnect, ...), by its kind. */
  record Notice(String kind) implements StreamItem {}
}
