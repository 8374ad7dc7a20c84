package org.observatory.schemas.index;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.observatory.schemas.tweet.Tweet;

/**
 * One index table: either declarative ({@code keys}, {@code qualifier}, {@code value}) or a plug-in
 * class that computes its entries. Cells are timed as {@link org.observatory.schemas.tables.IndexTable} says.
 *
 * @param qualifier the id field that names each cell (default {@code id}, the tweet's id)
 * @param value the id field stored as each cell's value, or null for an empty value
 * @param carries fields each cell also holds after the value (any tweet field), so that queries
 *     needing no more than these read them from the index instead of fetching the tweets
 * @param plugin the class name of a plug-in indexer, instead of {@code keys}
 * @param hourly each row key begins with the hour the tweet was posted in ({@link #hourStamp}), so that
 *     an hour's keys are one run of rows: what a top-N over hours reads instead of every tweet
 */
public record IndexDefinition(
    String name,
    List<KeyRule> keys,
    String qualifier,
    String value,
    List<String> carries,
    @JsonProperty("class") String plugin,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean hourly) {

  /** An index name is part of its tables' names: lower-case letters, digits and dashes. */
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,39}");
  private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyyMMddHH").withZone(ZoneOffset.UTC);

  public IndexDefinition {
    checkName(name);
    keys = keys == null ? List.of() : List.copyOf(keys);
    qualifier = qualifier == null ? TweetFields.TWEET_ID : qualifier;
    carries = carries == null ? List.of() : List.copyOf(carries);
  }

  /** An index keyed by its rules alone, not by hour. */
  public IndexDefinition(String name, List<KeyRule> keys, String qualifier, String value, List<String> carries,
      String plugin) {
    this(name, keys, qualifier, value, carries, plugin, false);
  }

  /** An index whose cells carry nothing beyond the value. */
  public IndexDefinition(String name, List<KeyRule> keys, String qualifier, String value, String plugin) {
    this(name, keys, qualifier, value, List.of(), plugin);
  }

  /** The hour an instant falls in as an hourly index's keys begin with it: {@code 2012060814} (UTC). */
  public static String hourStamp(long epochMillis) {
    return HOUR.format(Instant.ofEpochMilli(epochMillis));
  }

  /** Every field a cell holds: the value's (if any), then those it carries. */
  public List<String> cellFields() {
    List<String> fields = new java.util.ArrayList<>();
    if (value != null) {
      fields.add(value);
    }
    fields.addAll(carries);
    return fields;
  }

  /** Every field a cell of the rule's keys holds: the index's, then those the rule alone carries. */
  public List<String> cellFields(KeyRule rule) {
    List<String> fields = cellFields();
    fields.addAll(rule.carries());
    return fields;
  }

  /** Whether two definitions make the same rows and cells, whatever the cells hold. */
  public boolean keysAlike(IndexDefinition other) {
    if (keys.size() != other.keys.size()) {
      return false;
    }
    for (int i = 0; i < keys.size(); i++) {
      if (!keys.get(i).keysAlike(other.keys.get(i))) {
        return false;
      }
    }
    return qualifier.equals(other.qualifier) && hourly == other.hourly && java.util.Objects.equals(plugin, other.plugin);
  }

  /** @throws IllegalArgumentException unless the name is lower-case letters, digits and dashes */
  public static String checkName(String indexName) {
    if (indexName == null || !NAME.matcher(indexName).matches()) {
      throw new IllegalArgumentException(
          "index name must be lower-case letters, digits and '-', starting with a letter: " + indexName);
    }
    return indexName;
  }

  public boolean isPlugin() {
    return plugin != null;
  }

  /** Whether each cell is named by a tweet id, which grows with time (every shipped index but screen-name). */
  public boolean qualifiedByTweetId() {
    return qualifier.equals(TweetFields.TWEET_ID);
  }

  /** Whether each cell holds the poster's user id. */
  public boolean valuedByPoster() {
    return TweetFields.POSTER_ID.equals(value);
  }

  /** The distinct row keys of the tweet under every key rule, in rule order, after its hour if hourly. */
  public Set<String> keys(Tweet tweet) {
    return keysByRule(tweet).keySet();
  }

  /** Each distinct row key of the tweet, in rule order, with the first rule that makes it. */
  public Map<String, KeyRule> keysByRule(Tweet tweet) {
    String hour = hourly ? hourStamp(tweet.createdAt()) : "";
    Map<String, KeyRule> found = new LinkedHashMap<>();
    for (KeyRule rule : keys) {
      for (String value : TweetFields.values(rule.field(), tweet)) {
        rule.keys(value).forEach(key -> found.putIfAbsent(hour + key, rule));
      }
    }
    return found;
  }

  /** The key rule that indexes a field, if one does. */
  public java.util.Optional<KeyRule> rule(String field) {
    return keys.stream().filter(r -> r.field().equals(field)).findFirst();
  }
}
