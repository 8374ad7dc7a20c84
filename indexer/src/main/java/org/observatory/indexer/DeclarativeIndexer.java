package org.observatory.indexer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.TweetFields;
import org.observatory.schemas.tables.CellFields;
import org.observatory.schemas.tweet.Tweet;

/** An index described in the specification: keys from fields, a qualifier id, an optional value and carried fields. */
final class DeclarativeIndexer implements PluginIndexer {
  private final IndexDefinition definition;

  DeclarativeIndexer(IndexDefinition definition) {
    this.definition = definition;
  }

  @Override
  public List<IndexEntry> entries(Tweet tweet) {
    Long qualifier = TweetFields.idValue(definition.qualifier(), tweet);
    if (qualifier == null) {
      return List.of();
    }
    // rules carrying alike (most carry nothing of their own) hold the same value: made once a tweet
    Map<List<String>, byte[]> values = new HashMap<>();
    List<IndexEntry> entries = new ArrayList<>();
    definition.keysByRule(tweet).forEach((key, rule) -> entries.add(new IndexEntry(key, qualifier,
        values.computeIfAbsent(rule.carries(), c -> CellFields.valueOf(definition, rule, tweet)))));
    return entries;
  }
}
