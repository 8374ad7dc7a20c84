package org.observatory.api.query.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Sample;
import org.observatory.api.query.TweetHits;
import org.observatory.schemas.bluesky.BlueskyStatus;
import org.observatory.schemas.tables.StoredTweet;
import org.observatory.schemas.tweet.Tweet;

/**
 * How a lookup's tweets are written, in time order: which of them (every one, or a {@link Sample}) and
 * in which form — NDJSON lines of {@code id} and {@code createdAt} plus the chosen fields, or for the
 * field {@code json} each tweet as the original status it was received as; the ids alone, a line each
 * (a dehydrated dataset); or {@link TweetCsv}'s columns. What is fetched is fetched in bounded batches
 * as it is written.
 */
public final class TweetLines {
  /** The media type of a lookup's lines: a JSON object a line (NDJSON). */
  public static final String MEDIA_TYPE = "application/x-ndjson";

  /** The fields a lookup may ask for beyond id and createdAt. */
  public static final List<String> FIELDS = List.of("userId", "screenName", "lang", "hashtags", "mentions", "urls",
      "retweetOf", "quoteOf", "replyTo", "uri", "url");
  /** The fields a Bluesky post names itself by, which its lines always carry: its at-URI and its web page. */
  private static final List<String> POST_ADDRESS = List.of("uri", "url");
  /** The field that asks for the original statuses themselves. */
  public static final String ORIGINAL = "json";
  private static final JsonFactory JSON = new ObjectMapper().getFactory();

  /** The forms a lookup's tweets can be written in: its {@code format}. */
  public enum Form {
    NDJSON, IDS, CSV;

    /** @throws BadQueryException for any other format */
    public static Form parse(String text) {
      if (text == null || text.isBlank()) {
        return NDJSON;
      }
      for (Form form : values()) {
        if (form.name().equalsIgnoreCase(text.strip())) {
          return form;
        }
      }
      throw new BadQueryException("the tweets of a lookup come as ndjson (the default), ids or csv, not '" + text + "'");
    }
  }

  private final Set<String> fields;
  private final Sample sample;
  private final Form form;

  private TweetLines(Set<String> fields, Sample sample, Form form) {
    this.fields = fields;
    this.sample = sample;
    this.form = form;
  }

  /** NDJSON of every tweet found, with these fields. */
  public static TweetLines parse(String fields) {
    return parse(fields, null, null);
  }

  /**
   * @param fields comma-separated names from {@link #FIELDS}, or null/blank for ids only
   * @param sample {@link Sample#parse}
   * @param format {@link Form#parse}; the fields shape NDJSON lines only
   */
  public static TweetLines parse(String fields, String sample, String format) {
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
    Form form = Form.parse(format);
    if (form != Form.NDJSON && !chosen.isEmpty()) {
      throw new BadQueryException("fields choose what NDJSON lines hold; format " + form.name().toLowerCase(Locale.ROOT)
          + " has its own columns: leave fields out");
    }
    return new TweetLines(chosen, Sample.parse(sample), form);
  }

  /** The same lines, each also with its post's at-URI and web page (Bluesky's NDJSON lines always have them). */
  public TweetLines withPostAddress() {
    if (form != Form.NDJSON || originals()) {
      return this;
    }
    Set<String> more = new LinkedHashSet<>(fields);
    more.addAll(POST_ADDRESS);
    return new TweetLines(more, sample, form);
  }

  /** Whether the lines need more than phase 1's ids and times. */
  public boolean needsFetch() {
    return !fields.isEmpty() || form == Form.CSV;
  }

  /** Whether the lines are the original statuses, rebuilt from the stored ones. */
  public boolean originals() {
    return fields.contains(ORIGINAL);
  }

  /** Whether the stored JSON must be fetched too (the originals, the text of a CSV row, a post's address). */
  public boolean withJson() {
    return originals() || form == Form.CSV || POST_ADDRESS.stream().anyMatch(fields::contains);
  }

  public Sample sample() {
    return sample;
  }

  public Form form() {
    return form;
  }

  public Writer writer(OutputStream out) throws IOException {
    return switch (form) {
      case NDJSON -> new NdjsonWriter(out);
      case IDS -> new IdsWriter(out);
      case CSV -> new TweetCsv(out);
    };
  }

  /** Writes lines as they come; closing it flushes them. */
  public interface Writer extends AutoCloseable {
    /** The tweets as phase 1 found them: when nothing needs fetching. */
    void ids(TweetHits tweets) throws IOException;

    void tweets(List<StoredTweet> batch) throws IOException;

    /** The original statuses, rebuilt. */
    default void statuses(List<JsonNode> batch) throws IOException {
      throw new IllegalStateException("only NDJSON lines hold the original statuses");
    }

    @Override
    void close() throws IOException;
  }

  /** A line of id and creation time per tweet, plus the fields asked for, or the original status. */
  private final class NdjsonWriter implements Writer {
    private final JsonGenerator json;

    private NdjsonWriter(OutputStream out) throws IOException {
      json = JSON.createGenerator(out);
      json.setRootValueSeparator(null);
    }

    @Override
    public void ids(TweetHits tweets) throws IOException {
      for (int i = 0; i < tweets.size(); i++) {
        json.writeStartObject();
        json.writeNumberField("id", tweets.id(i));
        json.writeStringField("createdAt", Instant.ofEpochMilli(tweets.time(i)).toString());
        json.writeEndObject();
        json.writeRaw('\n');
      }
    }

    @Override
    public void tweets(List<StoredTweet> batch) throws IOException {
      for (StoredTweet tweet : batch) {
        writeTweet(json, tweet);
      }
    }

    @Override
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

  /** The ids alone, a line each: what hydrating tools (twarc, DocNow's Hydrator) read back. */
  private static final class IdsWriter implements Writer {
    private final java.io.Writer out;

    private IdsWriter(OutputStream out) {
      this.out = new java.io.BufferedWriter(new java.io.OutputStreamWriter(out, java.nio.charset.StandardCharsets.US_ASCII));
    }

    @Override
    public void ids(TweetHits tweets) throws IOException {
      for (int i = 0; i < tweets.size(); i++) {
        out.write(Long.toString(tweets.id(i)));
        out.write('\n');
      }
    }

    @Override
    public void tweets(List<StoredTweet> batch) {
      throw new IllegalStateException("ids need no fetch");
    }

    @Override
    public void close() throws IOException {
      out.close();
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
        case "uri", "url" -> json.writeStringField(field, postAddress(t).path(field).asText(null));
        case "retweetOf" -> writeRef(json, field, t.retweetOf());
        case "quoteOf" -> writeRef(json, field, t.quoteOf());
        default -> writeRef(json, field, t.replyTo());
      }
    }
    json.writeEndObject();
    json.writeRaw('\n');
  }

  /** The stored status's {@code bluesky} object (empty for a tweet): its at-URI and web page. */
  private static JsonNode postAddress(StoredTweet t) throws IOException {
    return t.json() == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance()
        : JSON.createParser(t.json()).<JsonNode>readValueAsTree().path(BlueskyStatus.FIELD);
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
