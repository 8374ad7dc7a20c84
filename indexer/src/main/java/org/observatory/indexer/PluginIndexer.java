package org.observatory.indexer;

import java.util.List;
import org.observatory.schemas.tweet.Tweet;

/**
 * An index whose entries the declarative form cannot describe. Name the implementing class as an
 * index's {@code class} in the index specification; it needs a public constructor taking no
 * arguments or one {@link org.observatory.schemas.index.IndexDefinition}. Implementations must be pure
 * (same tweet, same entries) and thread-safe: loaders call them concurrently and again on reloads.
 */
public interface PluginIndexer {
  List<IndexEntry> entries(Tweet tweet);
}
