package org.observatory.api.resources;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.observatory.api.query.BadQueryException;

/**
 * The query parameters every query endpoint takes; each query reads the ones it needs. The fields are
 * public so that the OpenAPI description lists them.
 */
public final class QueryParameters {
  @QueryParam("platform")
  @Parameter(description = "whose posts: twitter (the default) or bluesky; each platform's tables are apart")
  public String platform;
  @QueryParam("memes")
  @Parameter(description = "comma-separated #hashtags, @mentions, @id:USER_ID or URLs; a trailing * makes a prefix pattern")
  public String memes;
  @QueryParam("words")
  @Parameter(description = "get-tweets-with-text: words that must all be in the text")
  public String words;
  @QueryParam("user")
  @Parameter(description = "get-tweets-with-user, user-activity: a user id or a screen name")
  public String user;
  @QueryParam("id")
  @Parameter(description = "get-retweets: the id of the retweeted tweet")
  public String id;
  @QueryParam("start")
  @Parameter(description = "ISO-8601 date or date-time (UTC unless an offset is given): the first instant included",
      required = true)
  public String start;
  @QueryParam("end")
  @Parameter(description = "ISO-8601 date (that whole day included) or date-time (the last instant included)",
      required = true)
  public String end;
  @QueryParam("granularity")
  @Parameter(description = "timestamp-count, user-activity: day (the default) or hour; top-memes: day or hour for a top list "
      + "per interval, none for the whole window")
  public String granularity;
  @QueryParam("kind")
  @Parameter(description = "top-memes: hashtags (the default), mentions, urls, domains or users")
  public String kind;
  @QueryParam("limit")
  @Parameter(description = "top-memes: how many to list per interval, 1 to 10000 (default 100); diffusion-edges: "
      + "keep only the heaviest edges, as many (meta.cuts says how many there were)")
  public String limit;
  @QueryParam("nodes")
  @Parameter(description = "diffusion-edges: keep only the edges among the users of most weight, as many "
      + "(meta.cuts says how many there were)")
  public String nodes;
  @QueryParam("types")
  @Parameter(description = "diffusion-edges: comma-separated edge types, of retweet, quote, reply, mention (default all)")
  public String types;
  @QueryParam("tweetIds")
  @Parameter(description = "diffusion-edges: true to list each edge's tweet ids")
  public String tweetIds;
  @QueryParam("rank")
  @Parameter(description = "top-memes: count (the default) or rise, the count less the interval before's")
  public String rank;
  @QueryParam("fields")
  @Parameter(description = "lookups: comma-separated fields to add to each tweet, or json for the original statuses")
  public String fields;
  @QueryParam("sample")
  @Parameter(description = "lookups: a deterministic sample by a hash of the tweet id, as a fraction (0.01) or a "
      + "percentage (1%); the same on every run, a smaller one inside a larger")
  public String sample;
  /** How the answer is written: for a lookup, part of the query (a job writes its tweets so). */
  @QueryParam("format")
  @Parameter(description = "counts and rows: json (default), csv, tsv, and for the edge queries graphml or gexf; "
      + "lookups: ndjson (the default), ids (one tweet id a line: a dehydrated dataset) or csv (twarc-csv's columns)")
  public String format;

  /** What a decoder puts for bytes that are not UTF-8: the sign of a bad %-escape, never of a meme. */
  private static final char UNDECODABLE = '\uFFFD';
  /**
   * A '%' that does not start an escape: the decoder leaves it as it came, and it would change the
   * question. No meme, name, id or date holds one; a URL holds '%' only in escapes.
   */
  private static final Pattern BAD_ESCAPE = Pattern.compile("%(?![0-9A-Fa-f]{2})");

  /** The request's own, to see a parameter given more than once. */
  @Context
  @Hidden
  public UriInfo uri;

  /**
   * The parameters that were given, by name; the format too, which a lookup reads.
   *
   * @throws BadQueryException when one is given more than once (which one counts would be a guess), or
   *     holds a %-escape the server could not decode (the question would not be the one asked)
   */
  Map<String, String> given() {
    if (uri != null) {
      uri.getQueryParameters().forEach(QueryParameters::checkAsGiven);
    }
    Map<String, String> given = new LinkedHashMap<>();
    put(given, "platform", platform);
    put(given, "memes", memes);
    put(given, "words", words);
    put(given, "user", user);
    put(given, "id", id);
    put(given, "start", start);
    put(given, "end", end);
    put(given, "granularity", granularity);
    put(given, "kind", kind);
    put(given, "limit", limit);
    put(given, "rank", rank);
    put(given, "nodes", nodes);
    put(given, "types", types);
    put(given, "tweetIds", tweetIds);
    put(given, "fields", fields);
    put(given, "sample", sample);
    put(given, "format", format);
    return given;
  }

  private static void checkAsGiven(String name, List<String> values) {
    if (values.size() > 1) {
      throw new BadQueryException("parameter '" + name + "' is given " + values.size()
          + " times; give it once (memes and fields take comma-separated lists)");
    }
    String value = values.get(0);
    if (value.indexOf(UNDECODABLE) >= 0) {
      throw new BadQueryException("parameter '" + name + "' holds a %-escape that is not UTF-8 (U+FFFD): "
          + "escape each byte of a character's UTF-8 as %XX");
    }
    // the server leaves a broken escape as it came; free text ("100%") may hold a '%' of its own
    if (!name.equals("words") && BAD_ESCAPE.matcher(value).find()) {
      throw new BadQueryException("parameter '" + name + "' holds a '%' that is not a %-escape of two hex "
          + "digits: escape each byte as %XX (a '%' itself as %25)");
    }
  }

  private static void put(Map<String, String> map, String name, String value) {
    if (value != null) {
      map.put(name, value);
    }
  }
}
