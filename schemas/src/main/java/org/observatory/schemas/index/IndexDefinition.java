package org.observatory.schemas.index;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashSet;
import java.util.List;
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
 */
public record IndexDefinition(
    String name,
    List<KeyRule> keys,
    String qualifier,
    String value,
    List<String> carries,
    @JsonProperty("class") String plugin) {

  /** An index name is part of its tables' names: lower-case letters, digits and dashes. */
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,39}");

  public IndexDefinition {
    checkName(name);
    keys = keys == null ? List.of() : List.copyOf(keys);
    qualifier = qualifier == null ? TweetFields.TWEET_ID : qualifier;
    carries = carries == null ? List.of() : List.copyOf(carries);
  }

  /** An index whose cells carry nothing beyond the value. */
  public IndexDefinition(String name, List<KeyRule> keys, String qualifier, String value, String plugin) {
    this(name, keys, qualifier, value, List.of(), plugin);
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

  /** The distinct row keys of the tweet under every key rule, in rule order. */
  public Set<String> keys(Tweet tweet) {
    Set<String> found = new LinkedHashSet<>();
    for (KeyRule rule : keys) {
      for (String value : TweetFields.values(rule.field(), tweet)) {
        found.addAll(rule.keys(value));
      }
    }
    return found;
  }
}
