package org.observatory.api.query.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.observatory.api.query.TweetHits;
import org.observatory.schemas.tables.StoredTweet;
import org.observatory.schemas.tweet.Tweet;

/**
 * A lookup's tweets as one flat CSV row each, under twarc-csv's column names for the fields Observatory
 * stores, so that notebooks written for twarc-csv read it as they are. Entities are JSON arrays shaped
 * like the v2 API's ({@code [{"tag":"euro2012"}]}).
 */
final class TweetCsv implements TweetLines.Writer {
  static final List<String> COLUMNS = List.of("id", "created_at", "author_id", "author.username", "text", "lang",
      "referenced_tweets.replied_to.id", "referenced_tweets.retweeted.id", "referenced_tweets.quoted.id",
      "in_reply_to_user_id", "retweeted_user_id", "quoted_user_id", "entities.hashtags", "entities.mentions",
      "entities.urls");
  /** The v2 API's timestamps, as twarc-csv writes them. */
  private static final DateTimeFormatter CREATED_AT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final SequenceWriter rows;

  TweetCsv(OutputStream out) throws IOException {
    rows = new CsvMapper().writer(CsvSchema.emptySchema().withLineSeparator("\n")).writeValues(out);
    rows.write(COLUMNS);
  }

  @Override
  public void ids(TweetHits tweets) {
    throw new IllegalStateException("a CSV row needs the tweet fetched");
  }

  @Override
  public void tweets(List<StoredTweet> batch) throws IOException {
    for (StoredTweet t : batch) {
      List<Object> row = new ArrayList<>(COLUMNS.size());
      row.add(Long.toString(t.id()));
      row.add(CREATED_AT.format(Instant.ofEpochMilli(t.createdAt())));
      row.add(Long.toString(t.userId()));
      row.add(t.screenName());
      row.add(text(t.json()));
      row.add(t.lang());
      row.add(id(t.replyTo(), false));
      row.add(id(t.retweetOf(), false));
      row.add(id(t.quoteOf(), false));
      row.add(id(t.replyTo(), true));
      row.add(id(t.retweetOf(), true));
      row.add(id(t.quoteOf(), true));
      row.add(array(t.hashtags(), (tag, o) -> o.put("tag", tag)));
      row.add(array(t.mentions(), (m, o) -> o.put("username", m.screenName()).put("id", Long.toString(m.userId()))));
      row.add(array(t.urls(), (url, o) -> o.put("expanded_url", url)));
      rows.write(row);
    }
  }

  /** An entity column: a JSON array of one object per entity. */
  private static <T> String array(List<T> entities, BiConsumer<T, ObjectNode> fill) {
    ArrayNode array = JSON.createArrayNode();
    entities.forEach(e -> fill.accept(e, array.addObject()));
    return array.toString();
  }

  @Override
  public void close() throws IOException {
    rows.close();
  }

  /** The full text: an extended tweet's, else the status's own. */
  private static String text(String json) throws IOException {
    if (json == null) {
      return "";
    }
    JsonNode status = JSON.readTree(json);
    JsonNode full = status.path("extended_tweet").path("full_text");
    if (full.isTextual()) {
      return full.asText();
    }
    return status.hasNonNull("full_text") ? status.get("full_text").asText() : status.path("text").asText("");
  }

  /** A referenced tweet's id, or its author's; empty when there is none (a reply's id may be unknown). */
  private static String id(Tweet.TweetRef ref, boolean author) {
    if (ref == null) {
      return "";
    }
    long id = author ? ref.userId() : ref.id();
    return id == 0 ? "" : Long.toString(id);
  }
}
