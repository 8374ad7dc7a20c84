package org.observatory.loader.stream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Loader {@code index} of {@code count}: the lines of a stream this loader keeps, when several
 * loaders read the same stream. A status or delete notice belongs to the loader whose index is its
 * tweet id modulo {@code count}; a Jetstream event to the loader its DID's hash names, so that one
 * account's events keep their order; a line with neither (a bad line, a stream notice) to loader 0, so
 * that it is counted once. Reads only as far as the id or the DID.
 */
public record StreamPart(int index, int count) {
  private static final JsonFactory JSON = new JsonFactory();

  public StreamPart {
    if (count < 1 || index < 0 || index >= count) {
      throw new IllegalArgumentException("loader part must be i/n with 0 <= i < n, not " + index + "/" + count);
    }
  }

  /** Parses {@code i/n}. */
  public static StreamPart parse(String text) {
    String[] parts = text.split("/");
    try {
      if (parts.length == 2) {
        return new StreamPart(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("loader part must be i/n, such as 0/2, not " + text);
  }

  public static StreamPart whole() {
    return new StreamPart(0, 1);
  }

  public boolean keeps(String line) {
    if (count == 1) {
      return true;
    }
    long id = idOf(line);
    return id < 0 ? index == 0 : id % count == index;
  }

  /**
   * The top-level {@code id}, or {@code delete.status.id}, or the hash of a top-level {@code did}; -1
   * when there is none.
   */
  static long idOf(String line) {
    try (JsonParser p = JSON.createParser(line)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return -1;
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (name.equals("id") && value == JsonToken.VALUE_NUMBER_INT) {
          return p.getLongValue();
        }
        if (name.equals("did") && value == JsonToken.VALUE_STRING) {
          return p.getText().hashCode() & Integer.MAX_VALUE;
        }
        if (name.equals("delete") && value == JsonToken.START_OBJECT) {
          return deletedId(p);
        }
        p.skipChildren();
      }
    } catch (IOException e) {
      // not JSON: loader 0 sets it aside
    }
    return -1;
  }

  private static long deletedId(JsonParser p) throws IOException {
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      if (name.equals("status") && value == JsonToken.START_OBJECT) {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String field = p.currentName();
          if (p.nextToken() == JsonToken.VALUE_NUMBER_INT && field.equals("id")) {
            return p.getLongValue();
          }
          p.skipChildren();
        }
        return -1;
      }
      p.skipChildren();
    }
    return -1;
  }
}
