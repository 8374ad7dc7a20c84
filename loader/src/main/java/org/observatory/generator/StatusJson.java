package org.observatory.generator;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * Writes generated statuses and delete notices in the Twitter API v1.1 layout, escaped as the stream
 * escapes: every character beyond ASCII as {@code \\uXXXX} (an emoji as its two surrogates), and
 * {@code /}, {@code <}, {@code >} too. Japanese text thus takes twice its UTF-8 bytes, as in real archives.
 */
final class StatusJson {
  private static final JsonFactory JSON = new JsonFactory().setCharacterEscapes(new StreamEscapes());
  private static final DateTimeFormatter CREATED_AT =
      DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss +0000 yyyy", Locale.ENGLISH).withZone(ZoneOffset.UTC);
  /** Longer statuses are truncated: their text cut at {@link #VISIBLE} code points, then "… " and a link. */
  private static final int TEXT_LIMIT = 140;
  private static final int VISIBLE = TEXT_LIMIT - 2 - 23;

  /** What a status refers to besides its own content. */
  record Links(Posted retweetOf, Posted quoteOf, Posted replyTo) {
    static final Links NONE = new Links(null, null, null);
  }

  /** A status as the stream delivers it, fresh: nobody has retweeted or liked it yet. */
  static String status(long id, long createdAt, Posted.User user, Posted.Body body, Links links, StatusExtras extras) {
    StringWriter out = new StringWriter(4096);
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeStringField("created_at", CREATED_AT.format(Instant.ofEpochMilli(createdAt)));
      g.writeNumberField("id", id);
      g.writeStringField("id_str", Long.toString(id));
      boolean truncated = body.text().codePointCount(0, body.text().length()) > TEXT_LIMIT;
      String selfLink = truncated ? selfLink(id) : null;
      g.writeStringField("text", truncated ? visiblePart(body.text()) + "\u2026 " + selfLink : body.text());
      g.writeStringField("source", extras.source());
      g.writeBooleanField("truncated", truncated);
      Posted reply = links.replyTo();
      writeId(g, "in_reply_to_status_id", reply == null ? null : reply.id());
      writeId(g, "in_reply_to_user_id", reply == null ? null : reply.user().id());
      g.writeStringField("in_reply_to_screen_name", reply == null ? null : reply.user().screenName());
      writeUser(g, user, createdAt);
      writeGeo(g, extras);
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
      g.writeNumberField("retweet_count", 0);
      g.writeNumberField("favorite_count", 0);
      if (truncated) { // the stream's layout for a status over 140 characters, as from late 2017 on
        writeEntities(g, visibleEntities(body.hashtags()), visibleEntities(body.urls()), visibleEntities(body.mentions()),
            List.of(), new Posted.Entity("https://twitter.com/i/web/status/" + id, selfLink, VISIBLE + 2, VISIBLE + 2 + selfLink.length()));
        g.writeObjectFieldStart("extended_tweet");
        g.writeStringField("full_text", body.text());
        g.writeArrayFieldStart("display_text_range");
        g.writeNumber(0);
        g.writeNumber(body.text().codePointCount(0, body.text().length()));
        g.writeEndArray();
        writeEntities(g, body.hashtags(), body.urls(), body.mentions(), body.media(), null);
        writeExtendedMedia(g, body.media());
        g.writeEndObject();
      } else {
        writeEntities(g, body.hashtags(), body.urls(), body.mentions(), body.media(), null);
        writeExtendedMedia(g, body.media());
      }
      g.writeBooleanField("favorited", false);
      g.writeBooleanField("retweeted", false);
      if (!body.urls().isEmpty() || !body.media().isEmpty()) {
        g.writeBooleanField("possibly_sensitive", false);
      }
      g.writeStringField("filter_level", "low");
      g.writeStringField("lang", body.lang());
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

  /** The {@code entities} object; {@code selfLink}, when not null, is a truncated status's link to itself. */
  private static void writeEntities(JsonGenerator g, List<Posted.Entity> hashtags, List<Posted.Entity> urls,
      List<Posted.Entity> mentions, List<Posted.Media> media, Posted.Entity selfLink) throws IOException {
    g.writeObjectFieldStart("entities");
    writeEntities(g, "hashtags", hashtags, (e) -> g.writeStringField("text", e.value()));
    List<Posted.Entity> allUrls = selfLink == null ? urls
        : java.util.stream.Stream.concat(urls.stream(), java.util.stream.Stream.of(selfLink)).toList();
    writeEntities(g, "urls", allUrls, (e) -> {
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
    if (!media.isEmpty()) {
      writeMedia(g, media);
    }
    g.writeEndObject();
  }

  private static void writeExtendedMedia(JsonGenerator g, List<Posted.Media> media) throws IOException {
    if (!media.isEmpty()) {
      g.writeObjectFieldStart("extended_entities");
      writeMedia(g, media);
      g.writeEndObject();
    }
  }

  /** A truncated status's text before its ellipsis and link: 140 characters in all, as the stream cuts. */
  private static String visiblePart(String text) {
    return text.substring(0, text.offsetByCodePoints(0, VISIBLE));
  }

  /** The entities wholly within a truncated status's visible part. */
  private static List<Posted.Entity> visibleEntities(List<Posted.Entity> entities) {
    return entities.stream().filter(e -> e.end() <= VISIBLE).toList();
  }

  /** The t.co link a truncated status ends with, to its own page: 23 characters, as every t.co link. */
  private static String selfLink(long id) {
    String code = Long.toString(Math.floorMod(id * 0xC2B2AE3D27D4EB4FL, 3_656_158_440_062_976L), 36);
    return "https://t.co/" + "0".repeat(10 - code.length()) + code;
  }

  /** The v1.1 user object, every field in the stream's order. */
  private static void writeUser(JsonGenerator g, Posted.User user, long now) throws IOException {
    Profile p = user.profile();
    long audience = 1_000_000L / (user.rank() + 10) + user.id() % 400;
    g.writeObjectFieldStart("user");
    g.writeNumberField("id", user.id());
    g.writeStringField("id_str", Long.toString(user.id()));
    g.writeStringField("name", user.name());
    g.writeStringField("screen_name", user.screenName());
    g.writeStringField("location", p.location());
    g.writeStringField("url", p.url());
    g.writeStringField("description", p.description());
    g.writeBooleanField("protected", false);
    g.writeBooleanField("verified", user.rank() < 3);
    g.writeNumberField("followers_count", audience);
    g.writeNumberField("friends_count", 50 + user.id() % 1_500);
    g.writeNumberField("listed_count", audience / 150);
    g.writeNumberField("favourites_count", user.id() % 9_000 + (now / 3_600_000) % 1_000);
    g.writeNumberField("statuses_count", user.id() % 40_000 + (now / 60_000) % 10_000);
    g.writeStringField("created_at", CREATED_AT.format(Instant.ofEpochSecond(p.createdAtSeconds())));
    if (p.utcOffset() == null) {
      g.writeNullField("utc_offset");
    } else {
      g.writeNumberField("utc_offset", p.utcOffset());
    }
    g.writeStringField("time_zone", p.timeZone());
    g.writeBooleanField("geo_enabled", p.geoEnabled());
    g.writeStringField("lang", p.lang());
    g.writeBooleanField("contributors_enabled", false);
    g.writeBooleanField("is_translator", false);
    String[] c = p.colors();
    g.writeStringField("profile_background_color", c[0]);
    g.writeStringField("profile_background_image_url", "http://abs.twimg.com/images/themes/theme1/bg.png");
    g.writeStringField("profile_background_image_url_https", "https://abs.twimg.com/images/themes/theme1/bg.png");
    g.writeBooleanField("profile_background_tile", false);
    g.writeStringField("profile_link_color", c[1]);
    g.writeStringField("profile_sidebar_border_color", c[2]);
    g.writeStringField("profile_sidebar_fill_color", c[3]);
    g.writeStringField("profile_text_color", c[4]);
    g.writeBooleanField("profile_use_background_image", true);
    g.writeStringField("profile_image_url", "http://pbs.twimg.com/" + p.imagePath());
    g.writeStringField("profile_image_url_https", "https://pbs.twimg.com/" + p.imagePath());
    if (p.bannerSeconds() != null) {
      g.writeStringField("profile_banner_url", "https://pbs.twimg.com/profile_banners/" + user.id() + "/" + p.bannerSeconds());
    }
    g.writeBooleanField("default_profile", p.defaultProfile());
    g.writeBooleanField("default_profile_image", false);
    g.writeNullField("following");
    g.writeNullField("follow_request_sent");
    g.writeNullField("notifications");
    g.writeEndObject();
  }

  private static void writeGeo(JsonGenerator g, StatusExtras extras) throws IOException {
    double[] c = extras.coordinates();
    if (c == null) {
      g.writeNullField("geo");
      g.writeNullField("coordinates");
    } else { // geo says latitude first, coordinates longitude first, as the stream does
      g.writeObjectFieldStart("geo");
      g.writeStringField("type", "Point");
      g.writeFieldName("coordinates");
      g.writeArray(new double[] {c[1], c[0]}, 0, 2);
      g.writeEndObject();
      g.writeObjectFieldStart("coordinates");
      g.writeStringField("type", "Point");
      g.writeFieldName("coordinates");
      g.writeArray(c, 0, 2);
      g.writeEndObject();
    }
    StatusExtras.Place p = extras.place();
    if (p == null) {
      g.writeNullField("place");
      return;
    }
    g.writeObjectFieldStart("place");
    g.writeStringField("id", p.id());
    g.writeStringField("url", "https://api.twitter.com/1.1/geo/id/" + p.id() + ".json");
    g.writeStringField("place_type", p.type());
    g.writeStringField("name", p.name());
    g.writeStringField("full_name", p.fullName());
    g.writeStringField("country_code", p.countryCode());
    g.writeStringField("country", p.country());
    g.writeObjectFieldStart("bounding_box");
    g.writeStringField("type", "Polygon");
    g.writeArrayFieldStart("coordinates");
    g.writeStartArray();
    for (double[] corner : new double[][] {{p.west(), p.south()}, {p.west(), p.north()}, {p.east(), p.north()},
        {p.east(), p.south()}}) {
      g.writeArray(corner, 0, 2);
    }
    g.writeEndArray();
    g.writeEndArray();
    g.writeEndObject();
    g.writeObjectFieldStart("attributes");
    g.writeEndObject();
    g.writeEndObject();
  }

  /** Photos, as in {@code entities.media} and again in {@code extended_entities.media}. */
  private static void writeMedia(JsonGenerator g, List<Posted.Media> media) throws IOException {
    g.writeArrayFieldStart("media");
    for (Posted.Media m : media) {
      String path = "pbs.twimg.com/media/" + Long.toString(m.id() * 0x9E3779B97F4A7C15L >>> 2, 36) + ".jpg";
      g.writeStartObject();
      g.writeNumberField("id", m.id());
      g.writeStringField("id_str", Long.toString(m.id()));
      g.writeArrayFieldStart("indices");
      g.writeNumber(m.start());
      g.writeNumber(m.end());
      g.writeEndArray();
      g.writeStringField("media_url", "http://" + path);
      g.writeStringField("media_url_https", "https://" + path);
      g.writeStringField("url", m.shortUrl());
      g.writeStringField("display_url", "pic.twitter.com/" + m.shortUrl().substring(m.shortUrl().lastIndexOf('/') + 1));
      g.writeStringField("expanded_url", "http://twitter.com/" + m.screenName() + "/status/" + m.statusId() + "/photo/1");
      g.writeStringField("type", "photo");
      g.writeObjectFieldStart("sizes");
      writeSize(g, "large", m.width(), m.height(), "fit");
      writeSize(g, "thumb", 150, 150, "crop");
      writeSize(g, "medium", Math.min(600, m.width()), m.height() * Math.min(600, m.width()) / m.width(), "fit");
      writeSize(g, "small", 340, m.height() * 340 / m.width(), "fit");
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void writeSize(JsonGenerator g, String name, int w, int h, String resize) throws IOException {
    g.writeObjectFieldStart(name);
    g.writeNumberField("w", w);
    g.writeNumberField("h", h);
    g.writeStringField("resize", resize);
    g.writeEndObject();
  }

  /** The stream's escaping, beyond JSON's own. */
  private static final class StreamEscapes extends CharacterEscapes {
    private final int[] ascii = standardAsciiEscapesForJSON();

    StreamEscapes() {
      ascii['/'] = ESCAPE_CUSTOM;
      ascii['<'] = ESCAPE_CUSTOM;
      ascii['>'] = ESCAPE_CUSTOM;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      return new SerializedString(ch == '/' ? "\\/" : String.format("\\u%04x", ch));
    }
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
