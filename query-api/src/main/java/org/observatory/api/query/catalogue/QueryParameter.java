package org.observatory.api.query.catalogue;

import java.util.Arrays;
import java.util.Optional;

/**
 * Every parameter a query takes, declared once: its name in the query string, what it means, and
 * whether every query needs it. The OpenAPI document, the catalogue ({@link QueryKind#parameters})
 * and what the endpoints read come from here; each typed value is read by {@link QueryRequest}.
 */
public enum QueryParameter {
  PLATFORM("platform", "whose posts: twitter (the default), bluesky, or both; each platform's tables are apart"),
  MEMES("memes", "comma-separated #hashtags, @mentions, @id:USER_ID or URLs; a trailing * makes a prefix pattern"),
  WORDS("words", "get-tweets-with-text: words that must all be in the text"),
  USER("user", "get-tweets-with-user, user-activity: a user id or a screen name"),
  ID("id", "get-retweets: the id of the retweeted tweet"),
  START("start", "ISO-8601 date or date-time (UTC unless an offset is given): the first instant included", true),
  END("end", "ISO-8601 date (that whole day included) or date-time (the last instant included)", true),
  GRANULARITY("granularity", "timestamp-count, user-activity: day (the default) or hour; top-memes: day or hour for "
      + "a top list per interval, none for the whole window"),
  KIND("kind", "top-memes: hashtags (the default), mentions, urls, domains or users"),
  LIMIT("limit", "top-memes: how many to list per interval, 1 to 10000 (default 100); diffusion-edges and "
      + "coordinated-accounts: keep only the heaviest edges, as many (meta.cuts says how many there were)"),
  NODES("nodes", "diffusion-edges: keep only the edges among the users of most weight, as many (meta.cuts says how "
      + "many there were)"),
  TYPES("types", "diffusion-edges: comma-separated edge types, of retweet, quote, reply, mention (default all)"),
  AROUND("around", "diffusion-edges: only the edges from or to this user id, before any cap (the dashboard's expand)"),
  TWEET_IDS("tweetIds", "diffusion-edges: true to list each edge's tweet ids"),
  TRACE("trace", "coordinated-accounts: what accounts share — co-retweet (the default: the same tweets retweeted), "
      + "co-url (the same links posted), co-hashtags (the same hashtags in a post) or co-burst (the same meme in the "
      + "same burst interval)"),
  BURST("burst", "coordinated-accounts with co-burst: the interval's length in seconds, 1 to 86400 (default 30)"),
  MIN_TRACES("minTraces", "coordinated-accounts: leave out accounts that left fewer traces than this (default 5)"),
  THRESHOLD("threshold", "coordinated-accounts: keep the pairs of accounts at least this similar, above 0 up to 1 "
      + "(default 0.9)"),
  SHARED("shared", "coordinated-accounts: true to list the traces each pair shares"),
  RANK("rank", "top-memes: count (the default) or rise, the count less the interval before's"),
  FIELDS("fields", "lookups: comma-separated fields to add to each tweet, or json for the original statuses"),
  SAMPLE("sample", "lookups: a deterministic sample by a hash of the tweet id, as a fraction (0.01) or a percentage "
      + "(1%); the same on every run, a smaller one inside a larger"),
  /** How the answer is written: for a lookup, part of the query (a job writes its tweets so). */
  FORMAT("format", "counts and rows: json (default), csv, tsv, and for the edge queries graphml or gexf; lookups: "
      + "ndjson (the default), ids (one tweet id a line: a dehydrated dataset) or csv (twarc-csv's columns)");

  private final String apiName;
  private final String description;
  private final boolean required;

  QueryParameter(String apiName, String description) {
    this(apiName, description, false);
  }

  QueryParameter(String apiName, String description, boolean required) {
    this.apiName = apiName;
    this.description = description;
    this.required = required;
  }

  public String apiName() {
    return apiName;
  }

  public String description() {
    return description;
  }

  /** Whether every query needs it. */
  public boolean required() {
    return required;
  }

  public static Optional<QueryParameter> named(String apiName) {
    return Arrays.stream(values()).filter(p -> p.apiName.equals(apiName)).findFirst();
  }
}
