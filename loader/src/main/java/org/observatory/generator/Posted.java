package org.observatory.generator;

import java.util.List;

/** A generated status, kept so that later statuses can retweet, quote, reply to or delete it. */
record Posted(long id, long createdAt, User user, Body body, String json) {

  /** An account: its rank in the Zipf popularity order decides its id and audience. */
  record User(int rank, long id, String screenName, String name, Profile profile) {}

  /** What a status says: its language, text and entities. */
  record Body(String lang, String text, List<Entity> hashtags, List<Entity> mentions, List<Entity> urls,
      List<Media> media) {}

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

  /** A photo: posted with status {@code statusId} by {@code screenName}, linked by a t.co URL at [start, end). */
  record Media(long id, long statusId, String screenName, String shortUrl, int start, int end, int width,
      int height) {
    Media shifted(int by) {
      return new Media(id, statusId, screenName, shortUrl, start + by, end + by, width, height);
    }
  }
}
