package org.observatory.api.query.output;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * An answer's counts or rows, handed over one at a time, as often as a writer needs to go through them
 * (a graph file names its nodes before its edges): from an answer in memory, or from a job's answer as it
 * was kept, in JSON, without ever holding it whole.
 */
public interface AnswerLines {
  /** Takes one count or row; may fail writing it. */
  @FunctionalInterface
  interface Each<T> {
    void accept(T line) throws IOException;
  }

  /** Opens the kept answer again for another pass. */
  @FunctionalInterface
  interface Source {
    InputStream open() throws IOException;
  }

  /** Goes through the answer once: its counts in order, or its rows in order. */
  void forEach(Each<Map.Entry<String, Long>> count, Each<Map<String, Object>> row) throws IOException;

  default void forEachRow(Each<Map<String, Object>> row) throws IOException {
    forEach(count -> {}, row);
  }

  static AnswerLines of(QueryResult result) {
    return (count, row) -> {
      if (result.counts() != null) {
        for (Map.Entry<String, Long> entry : result.counts().entrySet()) {
          count.accept(entry);
        }
      } else {
        for (Map<String, Object> line : result.rows()) {
          row.accept(line);
        }
      }
    };
  }

  /** A {@link QueryResult} kept as JSON: only one row at a time is ever read into memory. */
  static AnswerLines kept(Source source, ObjectMapper json) {
    TypeReference<Map<String, Object>> rowType = new TypeReference<>() {};
    return (count, row) -> {
      try (InputStream in = source.open(); JsonParser parser = json.createParser(in)) {
        expect(parser.nextToken(), JsonToken.START_OBJECT);
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String field = parser.currentName();
          JsonToken value = parser.nextToken();
          if (field.equals("counts") && value == JsonToken.START_OBJECT) {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
              String key = parser.currentName();
              parser.nextToken();
              count.accept(Map.entry(key, parser.getLongValue()));
            }
          } else if (field.equals("rows") && value == JsonToken.START_ARRAY) {
            while (parser.nextToken() == JsonToken.START_OBJECT) {
              row.accept(parser.readValueAs(rowType));
            }
          } else {
            parser.skipChildren();
          }
        }
      }
    };
  }

  private static void expect(JsonToken found, JsonToken expected) throws IOException {
    if (found != expected) {
      throw new IOException("a kept answer must be a JSON object, but starts with " + found);
    }
  }
}
