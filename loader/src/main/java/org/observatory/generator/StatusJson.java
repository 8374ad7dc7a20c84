package org.observatory.generator;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/** Writes generated statuses and delete notices in the Twitter API v1.1 layout. */
final class StatusJson {
  private static final JsonFactory JSON = new JsonFactory();
  private static final DateTimeFormatter CREATED_AT =
      DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss +0000 yyyy", Locale.ENGLISH).withZone(ZoneOffset.UTC);

  /** What a status refers to besides its own content. */
  record Links(Posted retweetOf, Posted quoteOf, Posted replyTo) {
    static final Links NONE = new Links(null, null, null);
  }

  static String status(long id, long createdAt, Posted.User user, String text, List<Posted.Entity> hashtags,
      List<Posted.Entity> mentions, List<Posted.Entity> urls, Links links, int retweetCount) {
    StringWriter out = new StringWriter(2048);
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeStringField("created_at", CREATED_AT.format(Instant.ofEpochMilli(createdAt)));
      g.writeNumberField("id", id);
      g.writeStringField("id_str", Long.toString(id));
      g.writeStringField("text", text);
      g.writeStringField("source", "<a href=\"https://observatory.example/generator\" rel=\"nofollow\">generator</a>");
      g.writeBooleanField("truncated", false);
      Posted reply = links.replyTo();
      writeId(g, "in_reply_to_status_id", reply == null ? null : reply.id());
      writeId(g, "in_reply_to_user_id", reply == null ? null : reply.user().id());
      g.writeStringField("in_reply_to_screen_name", reply == null ? null : reply.user().screenName());
      writeUser(g, user, createdAt);
      g.writeNullField("geo");
      g.writeNullField("coordinates");
      g.writeNullField("place");
      g.writeNullField("contributors");
      if (links.retweetOf() != null) {
        g.writeFieldName("retweeted_status");
        g.writeRawValue(links.retweetOf().json());
      }
      if (links.quoteOf() != null) {
        g.writeNumberField("quoted_status_id", links.quoteOf().id());
        g.writeStringField("quoted_status_id_str", Long.toString(links.quoteOf().id()));
        g.writeFieldName("quoted_status");
        g.writeRawValue(links.quoteOf().json());
      }
      g.writeBooleanField("is_quote_status", links.quoteOf() != null);
      g.writeNumberField("retweet_count", retweetCount);
      g.writeNumberField("favorite_count", retweetCount / 2);
      g.writeObjectFieldStart("entities");
      writeEntities(g, "hashtags", hashtags, (e) -> g.writeStringField("text", e.value()));
      writeEntities(g, "urls", urls, (e) -> {
        g.writeStringField("url", e.extra());
        g.writeStringField("expanded_url", e.value());
        g.writeStringField("display_url", e.value().replaceFirst("^https?://", ""));
      });
      writeEntities(g, "user_mentions", mentions, (e) -> {
        g.writeStringField("screen_name", e.value());
        g.writeStringField("name", e.value());
        g.writeNumberField("id", Long.parseLong(e.extra()));
        g.writeStringField("id_str", e.extra());
      });
      g.writeArrayFieldStart("symbols");
      g.writeEndArray();
      g.writeEndObject();
      g.writeBooleanField("favorited", false);
      g.writeBooleanField("retweeted", false);
      g.writeStringField("filter_level", "low");
      g.writeStringField("lang", "en");
      g.writeStringField("timestamp_ms", Long.toString(createdAt));
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException("writing JSON to memory failed", e);
    }
    return out.toString();
  }

  static String delete(Posted deleted, long timestampMs) {
    return "{\"delete\":{\"status\":{\"id\":" + deleted.id() + ",\"id_str\":\"" + deleted.id() + "\",\"user_id\":"
        + deleted.user().id() + ",\"user_id_str\":\"" + deleted.user().id() + "\"},\"timestamp_ms\":\""
        + timestampMs + "\"}}";
  }

  private static void writeUser(JsonGenerator g, Posted.User user, long now) throws IOException {
    g.writeObjectFieldStart("user");
    g.writeNumberField("id", user.id());
    g.writeStringField("id_str", Long.toString(user.id()));
    g.writeStringField("name", user.name());
    g.writeStringField("screen_name", user.screenName());
    g.writeStringField("location", null);
    g.writeStringField("url", null);
    g.writeStringField("description", "generated account #" + user.rank());
    g.writeBooleanField("protected", false);
    g.writeBooleanField("verified", user.rank() < 100);
    long audience = 10_000_000L / (user.rank() + 10);
    g.writeNumberField("followers_count", audience);
    g.writeNumberField("friends_count", 100 + user.rank() % 900);
    g.writeNumberField("listed_count", audience / 100);
    g.writeNumberField("favourites_count", user.rank() % 5000);
    g.writeNumberField("statuses_count", 1000 + (now / 60_000) % 10_000);
    g.writeStringField("created_at", CREATED_AT.format(Instant.ofEpochSecond(1_250_000_000L + user.rank() * 1000L)));
    g.writeNullField("utc_offset");
    g.writeNullField("time_zone");
    g.writeBooleanField("geo_enabled", false);
    g.writeStringField("lang", "en");
    g.writeStringField("profile_image_url_https", "https://pbs.twimg.com/profile_images/" + user.id() + "/a_normal.png");
    g.writeBooleanField("default_profile", true);
    g.writeEndObject();
  }

  private interface EntityFields {
    void write(Posted.Entity e) throws IOException;
  }

  private static void writeEntities(JsonGenerator g, String name, List<Posted.Entity> entities, EntityFields fields)
      throws IOException {
    g.writeArrayFieldStart(name);
    for (Posted.Entity e : entities) {
      g.writeStartObject();
      fields.write(e);
      g.writeArrayFieldStart("indices");
      g.writeNumber(e.start());
      g.writeNumber(e.end());
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void writeId(JsonGenerator g, String field, Long id) throws IOException {
    if (id == null) {
      g.writeNullField(field);
      g.writeNullField(field + "_str");
    } else {
      g.writeNumberField(field, id);
      g.writeStringField(field + "_str", Long.toString(id));
    }
  }
}
