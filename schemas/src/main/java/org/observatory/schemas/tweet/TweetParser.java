package org.observatory.schemas.tweet;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Parses one line of Twitter stream output (API v1 or v1.1) into a {@link StreamItem}, in one pass of
 * Jackson's streaming parser. Thread-safe and cheap to share.
 */
public final class TweetParser {
  private static final JsonFactory JSON = JsonFactory.builder().build();

  /**
   * @throws MalformedTweetException when the line is not JSON, not an object, or an object that is
   *     neither a status, a delete notice, nor a one-field stream message; or a delete notice that
   *     names no status
   */
  public StreamItem parse(String line) throws MalformedTweetException {
    try (JsonParser parser = JSON.createParser(line)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw new MalformedTweetException("not a JSON object");
      }
      StatusReader reader = new StatusReader(line, parser);
      StatusFields fields = reader.readObject();
      if (parser.nextToken() != null) {
        throw new MalformedTweetException("unexpected content after the JSON object");
      }
      return classify(reader, fields);
    } catch (JsonProcessingException e) {
      throw new MalformedTweetException("invalid JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new MalformedTweetException("unreadable line: " + e.getMessage(), e);
    }
  }

  private static StreamItem classify(StatusReader reader, StatusFields fields)
      throws MalformedTweetException {
    if (fields.deleteField) { // a notice that names no status must be set aside, not skipped as a message
      if (fields.delete == null) {
        throw new MalformedTweetException("delete notice without a status id");
      }
      return fields.delete;
    }
    if (fields.isStatus()) {
      // To the millisecond where the id tells it: snapshots of one original carried by retweets
      // posted in the same second must not tie, or which one a table keeps would depend on write order.
      long observedAt = Snowflake.millis(fields.id).orElse(TwitterDates.parse(fields.createdAt));
      return new StreamItem.Status(reader.toTweet(fields, observedAt), reader.embedded(observedAt));
    }
    if (fields.fieldCount == 1) {
      return new StreamItem.Notice(fields.firstField);
    }
    throw new MalformedTweetException(fields.id == 0
        ? "object has neither a status id nor a stream message kind"
        : "status " + fields.id + " lacks created_at or text");
  }
}
