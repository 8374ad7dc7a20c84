package org.observatory.indexer;

import java.util.List;
import org.observatory.schemas.tweet.Tweet;

/** A plug-in indexer for tests: tweets by language code. */
public class LanguageIndexer implements PluginIndexer {
  @Override
  public List<IndexEntry> entries(Tweet tweet) {
    return tweet.lang() == null ? List.of() : List.of(new IndexEntry(tweet.lang(), tweet.id(), null));
  }
}
