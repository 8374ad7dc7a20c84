package org.observatory.api.query;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.observatory.schemas.tables.StoredTweet;
import org.observatory.schemas.tweet.Tweet;

/**
 * Writes found tweets as NDJSON, one object a line in time order: {@code id} and {@code createdAt},
 * plus the chosen fields, which phase 2 fetches in bounded batches as it writes — or, for the field
 * {@code json}, each tweet as the original status it was received as.
 */
public final class TweetLines {
  /** The fields a lookup may ask for beyond id and createdAt. */
  public static final List<String> FIELDS =
      List.of("userId", "screenName", "lang", "hashtags", "mentions", "urls", "retweetOf", "quoteOf", "replyTo");
  /** The field that asks for the original statuses themselves. */
  public static final String ORIGINAL = "json";
  private static final JsonFactory JSON = new ObjectMapper().getFactory();

  private final Set<String> fields;

  private TweetLines(Set<String> fields) {
    this.fields = fields;
  }

  /** @param fields comma-separated names from {@link #FIELDS}, or null/blank for ids only */
  public static TweetLines parse(String fields) {
    Set<String> chosen = new LinkedHashSet<>();
    if (fields != null && !fields.isBlank()) {
      for (String f : fields.split(",")) {
        String field = f.strip();
        if (!FIELDS.contains(field) && !field.equals(ORIGINAL)) {
          throw new BadQueryException("unknown field '" + field + "'; fields: " + String.join(", ", FIELDS)
              + ", or json (the original statuses) alone");
        }
        chosen.add(field);
      }
    }
    if (chosen.contains(ORIGINAL) && chosen.size() > 1) {
      throw new BadQueryException("'json' gives the original statuses and stands alone in 'fields'");
    }
    return new TweetLines(chosen);
  }

  /** Whether the lines need more than phase 1's ids and times. */
  public boolean needsFetch() {
    return !fields.isEmpty();
  }

  /** Whether the lines are the original statuses, rebuilt from the stored ones. */
  public boolean originals() {
    return fields.contains(ORIGINAL);
  }

  public Writer writer(OutputStream out) throws IOException {
    JsonGenerator json = JSON.createGenerator(out);
    json.setRootValueSeparator(null);
    return new Writer(json);
  }

  /** Writes lines as they come; closing it flushes them. */
  public final class Writer implements AutoCloseable {
    private final JsonGenerator json;

    private Writer(JsonGenerator json) {
      this.json = json;
    }

    /** A line of id and creation time per tweet: when no field is asked for. */
    public void ids(TweetHits tweets) throws IOException {
      for (int i = 0; i < tweets.size(); i++) {
        json.writeStartObject();
        json.writeNumberField("id", tweets.id(i));
        json.writeStringField("createdAt", Instant.ofEpochMilli(tweets.time(i)).toString());
        json.writeEndObject();
        json.writeRaw('\n');
      }
    }

    public void tweets(List<StoredTweet> batch) throws IOException {
      for (StoredTweet tweet : batch) {
        writeTweet(json, tweet);
      }
    }

    public void statuses(List<JsonNode> batch) throws IOException {
      for (JsonNode status : batch) {
        json.writeTree(status);
        json.writeRaw('\n');
      }
    }

    @Override
    public void close() throws IOException {
      json.close();
    }
  }

  private void writeTweet(JsonGenerator json, StoredTweet t) throws IOException {
    json.writeStartObject();
    json.writeNumberField("id", t.id());
    json.writeStringField("createdAt", Instant.ofEpochMilli(t.createdAt()).toString());
    for (String field : fields) {
      switch (field) {
        case "userId" -> json.writeNumberField(field, t.userId());
        case "screenName" -> json.writeStringField(field, t.screenName());
        case "lang" -> json.writeStringField(field, t.lang());
        case "hashtags" -> writeStrings(json, field, t.hashtags());
        case "urls" -> writeStrings(json, field, t.urls());
        case "mentions" -> {
          json.writeArrayFieldStart(field);
          for (Tweet.Mention m : t.mentions()) {
            json.writeStartObject();
            json.writeNumberField("userId", m.userId());
            json.writeStringField("screenName", m.screenName());
            json.writeEndObject();
          }
          json.writeEndArray();
        }
        case "retweetOf" -> writeRef(json, field, t.retweetOf());
        case "quoteOf" -> writeRef(json, field, t.quoteOf());
        default -> writeRef(json, field, t.replyTo());
      }
    }
    json.writeEndObject();
    json.writeRaw('\n');
  }

  private static void writeStrings(JsonGenerator json, String field, List<String> values) throws IOException {
    json.writeArrayFieldStart(field);
    for (String v : values) {
      json.writeString(v);
    }
    json.writeEndArray();
  }

  private static void writeRef(JsonGenerator json, String field, Tweet.TweetRef ref) throws IOException {
    if (ref == null) {
      json.writeNullField(field);
    } else {
      json.writeObjectFieldStart(field);
      json.writeNumberField("id", ref.id());
      json.writeNumberField("userId", ref.userId());
      json.writeEndObject();
    }
  }
}
