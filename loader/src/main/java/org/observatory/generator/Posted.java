package org.observatory.generator;

import java.util.List;

/** A generated status, kept so that later statuses can retweet, quote, reply to or delete it. */
record Posted(long id, long createdAt, User user, String text, List<Entity> hashtags, List<Entity> mentions,
    List<Entity> urls, String json) {

  /** An account: its rank in the Zipf popularity order decides its id, name and audience. */
  record User(int rank, long id, String screenName, String name) {}

  /**
   * An entity of a text, at code points [start, end).
   *
   * @param value hashtag text, mentioned screen name, or expanded URL
   * @param extra the mentioned user's id, or the t.co URL
   */
  record Entity(String value, String extra, int start, int end) {
    Entity shifted(int by) {
      return new Entity(value, extra, start + by, end + by);
    }
  }
}
