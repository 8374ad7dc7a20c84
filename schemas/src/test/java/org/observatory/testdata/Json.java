package org.observatory.testdata;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;

/**
 * Independent reading of raw tweet JSON for tests: Jackson's tree model and the JDK's date parser,
 * sharing no code with the parser under test.
 */
public final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final DateTimeFormatter CREATED_AT =
      DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss Z yyyy", Locale.ENGLISH);

  private Json() {}

  public static JsonNode tree(String line) {
    try {
      return MAPPER.readTree(line);
    } catch (JsonProcessingException e) {
      throw new AssertionError("test fixture is not JSON: " + line, e);
    }
  }

  /** The JSON of a line, or empty when the line is not JSON. */
  public static Optional<JsonNode> parsed(String line) {
    try {
      return Optional.of(MAPPER.readTree(line));
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
  }

  public static long createdAt(JsonNode status) {
    return ZonedDateTime.parse(status.get("created_at").asText(), CREATED_AT).toInstant().toEpochMilli();
  }

  public static boolean isStatus(JsonNode node) {
    return node.has("created_at") && (node.has("id") || node.has("id_str")) && node.has("user");
  }
}
