package org.observatory.schemas.tweet;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the objects of one line with a streaming parser positioned on their START_OBJECT. Character
 * offsets of the parser's tokens let each status keep its own JSON text, with the user and embedded
 * statuses cut out and replaced by references.
 */
final class StatusReader {
  private final String line;
  private final JsonParser parser;
  private final Map<Long, StatusFields> embedded = new LinkedHashMap<>();

  StatusReader(String line, JsonParser parser) {
    this.line = line;
    this.parser = parser;
  }

  /** The complete statuses met inside the top-level object, each once, observed at the given time. */
  List<Tweet> embedded(long observedAt) throws MalformedTweetException {
    List<Tweet> tweets = new ArrayList<>(embedded.size());
    for (StatusFields f : embedded.values()) {
      tweets.add(toTweet(f, observedAt));
    }
    return tweets;
  }

  StatusFields readObject() throws IOException, MalformedTweetException {
    StatusFields f = new StatusFields();
    f.start = offset();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      if (f.fieldCount++ == 0) {
        f.firstField = name;
      }
      JsonToken value = parser.nextToken();
      switch (name) {
        case "id" -> f.id = value == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : f.id;
        case "id_str" -> f.id = f.id != 0 ? f.id : parseLong(parser.getValueAsString());
        case "created_at" -> f.createdAt = parser.getValueAsString();
        case "text", "full_text" -> f.text = parser.getValueAsString();
        case "lang" -> f.lang = parser.getValueAsString();
        case "screen_name" -> f.screenName = parser.getValueAsString();
        case "user" -> readUser(f);
        case "entities" -> readEntities(f.entities);
        case "extended_tweet" -> readExtended(f);
        case "retweeted_status" -> f.retweetOf = readEmbedded(f);
        case "quoted_status" -> f.quoteOf = readEmbedded(f);
        case "quoted_status_id" -> f.quotedStatusId = longOrZero(value);
        case "in_reply_to_status_id" -> f.replyToStatusId = longOrZero(value);
        case "in_reply_to_user_id" -> f.replyToUserId = longOrZero(value);
        case "delete" -> {
          f.deleteField = true;
          f.delete = readDelete();
        }
        default -> parser.skipChildren();
      }
    }
    f.end = offset() + 1;
    return f;
  }

  Tweet toTweet(StatusFields f, long observedAt) throws MalformedTweetException {
    if (f.text == null && f.extendedText == null) {
      throw new MalformedTweetException("status " + f.id + " has no text");
    }
    if (f.user == null) {
      throw new MalformedTweetException("status " + f.id + " has no user");
    }
    boolean extended = f.extendedText != null;
    StatusFields.Entities entities = extended && f.extendedEntities != null ? f.extendedEntities : f.entities;
    List<Tweet.Span> spans = new ArrayList<>(entities.spans);
    spans.sort(Comparator.comparingInt(Tweet.Span::start));
    Tweet.TweetRef quoteOf = f.retweetOf != null ? null
        : f.quoteOf != null ? f.quoteOf
        : f.quotedStatusId != 0 ? new Tweet.TweetRef(f.quotedStatusId, 0, 0) : null;
    Tweet.TweetRef replyTo = f.replyToStatusId != 0 || f.replyToUserId != 0
        ? new Tweet.TweetRef(f.replyToStatusId, f.replyToUserId, 0) : null;
    return new Tweet(f.id, TwitterDates.parse(f.createdAt), observedAt, extended ? f.extendedText : f.text, f.lang,
        f.user, List.copyOf(entities.hashtags), List.copyOf(entities.mentions), List.copyOf(entities.urls),
        List.copyOf(spans), f.retweetOf, quoteOf, replyTo, splicedJson(f));
  }

  private String splicedJson(StatusFields f) {
    StringBuilder json = new StringBuilder(f.end - f.start);
    int at = f.start;
    for (StatusFields.Splice splice : f.splices) {
      json.append(line, at, splice.start()).append(splice.replacement());
      at = splice.end();
    }
    return json.append(line, at, f.end).toString();
  }

  private void readUser(StatusFields f) throws IOException, MalformedTweetException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      parser.skipChildren();
      return;
    }
    StatusFields u = readObject();
    f.user = new Tweet.User(u.id, u.screenName, line.substring(u.start, u.end));
    f.splices.add(new StatusFields.Splice(u.start, u.end, StoredReference.toUser(u.id, u.screenName)));
  }

  private Tweet.TweetRef readEmbedded(StatusFields outer) throws IOException, MalformedTweetException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      parser.skipChildren();
      return null;
    }
    StatusFields f = readObject();
    if (f.id == 0) {
      return null;
    }
    long userId = f.user == null ? 0 : f.user.id();
    if (f.isStatus()) {
      embedded.putIfAbsent(f.id, f);
    }
    outer.splices.add(new StatusFields.Splice(f.start, f.end, StoredReference.toStatus(f.id, f.createdAt, userId)));
    return new Tweet.TweetRef(f.id, userId, f.createdAt == null ? 0 : TwitterDates.parse(f.createdAt));
  }

  private void readExtended(StatusFields f) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      parser.skipChildren();
      return;
    }
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      parser.nextToken();
      switch (name) {
        case "full_text" -> f.extendedText = parser.getValueAsString();
        case "entities" -> {
          f.extendedEntities = new StatusFields.Entities();
          readEntities(f.extendedEntities);
        }
        default -> parser.skipChildren();
      }
    }
  }

  private void readEntities(StatusFields.Entities entities) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      parser.skipChildren();
      return;
    }
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String kind = parser.currentName();
      if (parser.nextToken() != JsonToken.START_ARRAY) {
        parser.skipChildren();
        continue;
      }
      while (parser.nextToken() == JsonToken.START_OBJECT) {
        Entity e = readEntity();
        if (e.start >= 0 && e.end > e.start) {
          entities.spans.add(new Tweet.Span(e.start, e.end));
        }
        switch (kind) {
          case "hashtags" -> addIfPresent(entities.hashtags, e.text);
          case "user_mentions" -> {
            if (e.screenName != null) {
              entities.mentions.add(new Tweet.Mention(e.id, e.screenName));
            }
          }
          case "urls" -> addIfPresent(entities.urls, e.expandedUrl != null ? e.expandedUrl : e.url);
          default -> { }
        }
      }
    }
  }

  private Entity readEntity() throws IOException {
    Entity e = new Entity();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      switch (name) {
        case "text" -> e.text = parser.getValueAsString();
        case "screen_name" -> e.screenName = parser.getValueAsString();
        case "id" -> e.id = value == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : e.id;
        case "id_str" -> e.id = e.id != 0 ? e.id : parseLong(parser.getValueAsString());
        case "url" -> e.url = parser.getValueAsString();
        case "expanded_url" -> e.expandedUrl = parser.getValueAsString();
        case "indices" -> readIndices(e);
        default -> parser.skipChildren();
      }
    }
    return e;
  }

  private void readIndices(Entity e) throws IOException {
    if (parser.currentToken() != JsonToken.START_ARRAY) {
      parser.skipChildren();
      return;
    }
    int[] pair = {-1, -1};
    int i = 0;
    while (parser.nextToken() != JsonToken.END_ARRAY) {
      if (i < 2 && parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
        pair[i] = parser.getIntValue();
      }
      i++;
    }
    e.start = pair[0];
    e.end = pair[1];
  }

  private StreamItem.DeleteNotice readDelete() throws IOException {
    long statusId = 0;
    long userId = 0;
    long timestamp = 0;
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      parser.skipChildren();
      return null;
    }
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (name.equals("timestamp_ms")) {
        timestamp = parseLong(parser.getValueAsString());
      } else if (name.equals("status") && value == JsonToken.START_OBJECT) {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String field = parser.currentName();
          JsonToken v = parser.nextToken();
          switch (field) {
            case "id" -> statusId = v == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : statusId;
            case "id_str" -> statusId = statusId != 0 ? statusId : parseLong(parser.getValueAsString());
            case "user_id" -> userId = v == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : userId;
            case "user_id_str" -> userId = userId != 0 ? userId : parseLong(parser.getValueAsString());
            default -> parser.skipChildren();
          }
        }
      } else {
        parser.skipChildren();
      }
    }
    return statusId == 0 ? null : new StreamItem.DeleteNotice(statusId, userId, timestamp);
  }

  private int offset() {
    return (int) parser.currentTokenLocation().getCharOffset();
  }

  private long longOrZero(JsonToken value) throws IOException {
    return switch (value) {
      case VALUE_NUMBER_INT -> parser.getLongValue();
      case VALUE_STRING -> parseLong(parser.getText());
      default -> 0;
    };
  }

  private static long parseLong(String s) {
    if (s == null) {
      return 0;
    }
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static void addIfPresent(List<String> list, String value) {
    if (value != null && !value.isEmpty()) {
      list.add(value);
    }
  }

  private static final class Entity {
    String text;
    String screenName;
    String url;
    String expandedUrl;
    long id;
    int start = -1;
    int end = -1;
  }
}
