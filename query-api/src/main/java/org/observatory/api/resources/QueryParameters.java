package org.observatory.api.resources;

import jakarta.ws.rs.QueryParam;
import java.util.LinkedHashMap;
import java.util.Map;
import org.observatory.api.query.Queries;

/** The query parameters every query endpoint takes; each query reads the ones it needs. */
public final class QueryParameters {
  @QueryParam("memes")
  String memes;
  @QueryParam("words")
  String words;
  @QueryParam("user")
  String user;
  @QueryParam("id")
  String id;
  @QueryParam("start")
  String start;
  @QueryParam("end")
  String end;
  @QueryParam("granularity")
  String granularity;
  @QueryParam("fields")
  String fields;
  /** How the answer is written; not part of the query itself. */
  @QueryParam("format")
  String format;

  /** The query with the parameters that were given. */
  Queries.Request request(String query) {
    Map<String, String> given = new LinkedHashMap<>();
    put(given, "memes", memes);
    put(given, "words", words);
    put(given, "user", user);
    put(given, "id", id);
    put(given, "start", start);
    put(given, "end", end);
    put(given, "granularity", granularity);
    put(given, "fields", fields);
    return new Queries.Request(query, given);
  }

  private static void put(Map<String, String> map, String name, String value) {
    if (value != null) {
      map.put(name, value);
    }
  }
}
