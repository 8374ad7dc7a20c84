package org.observatory.indexer;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.KeyRule;
import org.observatory.schemas.index.TweetFields;
import org.observatory.schemas.tables.RowKeys;
import org.observatory.schemas.tweet.Tweet;

/** An index described in the specification: keys from fields, a qualifier id, an optional value. */
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
    Long value = definition.value() == null ? null : TweetFields.idValue(definition.value(), tweet);
    byte[] valueBytes = value == null ? null : RowKeys.id(value);
    List<IndexEntry> entries = new ArrayList<>();
    for (String key : keys(tweet)) {
      entries.add(new IndexEntry(key, qualifier, valueBytes));
    }
    return entries;
  }

  /** The distinct row keys of the tweet under every rule. */
  private Set<String> keys(Tweet tweet) {
    Set<String> keys = new LinkedHashSet<>();
    for (KeyRule rule : definition.keys()) {
      for (String value : TweetFields.values(rule.field(), tweet)) {
        for (String key : form(rule, value)) {
          keys.add(rule.prefix() + key);
        }
      }
    }
    return keys;
  }

  private static List<String> form(KeyRule rule, String value) {
    return switch (rule.form()) {
      case AS_IS -> List.of(value);
      case LOWERCASE -> List.of(value.toLowerCase(Locale.ROOT));
      case TOKENS -> TextTokenizer.words(value);
    };
  }
}
