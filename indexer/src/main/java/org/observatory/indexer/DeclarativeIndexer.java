package org.observatory.indexer;

import java.util.ArrayList;
import java.util.List;
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
    byte[] valueBytes = CellFields.valueOf(definition, tweet);
    List<IndexEntry> entries = new ArrayList<>();
    for (String key : definition.keys(tweet)) {
      entries.add(new IndexEntry(key, qualifier, valueBytes));
    }
    return entries;
  }
}
