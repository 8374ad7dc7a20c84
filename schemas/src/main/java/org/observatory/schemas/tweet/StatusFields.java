package org.observatory.schemas.tweet;

import java.util.ArrayList;
import java.util.List;

/** The fields of one JSON object as {@link StatusReader} collects them, before they become a Tweet. */
final class StatusFields {
  int start;
  int end;
  int fieldCount;
  String firstField;

  long id;
  String createdAt;
  String text;
  String lang;
  String screenName; // of a user object
  Tweet.User user;
  Entities entities = new Entities();
  String extendedText;
  Entities extendedEntities;
  Tweet.TweetRef retweetOf;
  Tweet.TweetRef quoteOf;
  long quotedStatusId;
  long replyToStatusId;
  long replyToUserId;
  StreamItem.DeleteNotice delete;
  /** Whether the object has a {@code delete} field, usable or not. */
  boolean deleteField;

  /** Regions of this object's JSON to be replaced by references, in order. */
  final List<Splice> splices = new ArrayList<>(3);

  /** A complete status, as opposed to a reference to one (id, created_at and user, no text). */
  boolean isStatus() {
    return id != 0 && createdAt != null && (text != null || extendedText != null);
  }

  record Splice(int start, int end, String replacement) {}

  /** An object's {@code entities}: what is indexed, and where in the text each entity sits. */
  static final class Entities {
    final List<String> hashtags = new ArrayList<>();
    final List<Tweet.Mention> mentions = new ArrayList<>();
    final List<String> urls = new ArrayList<>();
    final List<Tweet.Span> spans = new ArrayList<>();
  }
}
