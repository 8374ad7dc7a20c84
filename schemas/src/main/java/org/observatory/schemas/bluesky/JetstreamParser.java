package org.observatory.schemas.bluesky;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.observatory.schemas.tweet.MalformedTweetException;

/** Reads one line of Jetstream's v1 wire into a {@link JetstreamEvent}. Thread-safe. */
public final class JetstreamParser {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String TIME_KEY = "\"time_us\":";

  private JetstreamParser() {}

  /** Whether a line is a Jetstream event (an object with {@code kind} and {@code time_us}), well formed or not. */
  public static boolean isEvent(String line) {
    try {
      JsonNode node = JSON.readTree(line);
      return node != null && node.has("kind") && node.has("time_us");
    } catch (JsonProcessingException e) {
      return false;
    }
  }

  /** @throws MalformedTweetException when the line is not JSON, or not a v1 event of a known kind */
  public static JetstreamEvent parse(String line) throws MalformedTweetException {
    JsonNode event;
    try {
      event = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new MalformedTweetException("invalid JSON: " + e.getOriginalMessage(), e);
    }
    if (event == null || !event.isObject()) {
      throw new MalformedTweetException("not a JSON object");
    }
    String did = text(event, "did");
    if (!AtUri.isDid(did)) {
      throw new MalformedTweetException("event without a valid did: " + AtUri.shortened(did));
    }
    JsonNode time = event.get("time_us");
    if (time == null || !time.canConvertToLong() || time.asLong() <= 0) {
      throw new MalformedTweetException("event without time_us");
    }
    long timeUs = time.asLong();
    String kind = text(event, "kind");
    if (kind == null) {
      throw new MalformedTweetException("event without a kind");
    }
    return switch (kind) {
      case "commit" -> commit(did, timeUs, event.get("commit"));
      case "identity" -> new JetstreamEvent.Identity(did, timeUs, text(object(event, "identity"), "handle"));
      case "account" -> {
        JsonNode account = object(event, "account");
        yield new JetstreamEvent.Account(did, timeUs, account.path("active").asBoolean(false), text(account, "status"));
      }
      default -> throw new MalformedTweetException("unknown event kind: " + AtUri.shortened(kind));
    };
  }

  private static JetstreamEvent.Commit commit(String did, long timeUs, JsonNode commit) throws MalformedTweetException {
    if (commit == null || !commit.isObject()) {
      throw new MalformedTweetException("commit event without a commit");
    }
    String operation = text(commit, "operation");
    if (!"create".equals(operation) && !"update".equals(operation) && !"delete".equals(operation)) {
      throw new MalformedTweetException("unknown commit operation: " + AtUri.shortened(operation));
    }
    String collection = text(commit, "collection");
    String rkey = text(commit, "rkey");
    AtUri.of(did, collection, rkey); // checks both
    JsonNode record = commit.get("record");
    if (!operation.equals("delete") && (record == null || !record.isObject())) {
      throw new MalformedTweetException(operation + " of " + collection + " without a record");
    }
    return new JetstreamEvent.Commit(did, timeUs, operation, collection, rkey, text(commit, "cid"),
        operation.equals("delete") ? null : record);
  }

  private static JsonNode object(JsonNode event, String field) throws MalformedTweetException {
    JsonNode value = event.get(field);
    if (value == null || !value.isObject()) {
      throw new MalformedTweetException(event.path("kind").asText() + " event without its " + field + " object");
    }
    return value;
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value != null && value.isTextual() ? value.asText() : null;
  }

  /**
   * The {@code time_us} of an event, found by its key rather than by parsing the line (every line
   * passes here). Inside a string the key's quotes would be escaped, so only the field itself matches.
   * 0 when there is none.
   */
  public static long timeOf(String line) {
    int at = line.indexOf(TIME_KEY);
    if (at < 0) {
      return 0;
    }
    long time = 0;
    for (int i = at + TIME_KEY.length(); i < line.length(); i++) {
      char c = line.charAt(i);
      if (c < '0' || c > '9') {
        break;
      }
      time = time * 10 + (c - '0');
    }
    return time;
  }
}
