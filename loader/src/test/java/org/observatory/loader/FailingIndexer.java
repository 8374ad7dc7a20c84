package org.observatory.loader;

import java.util.List;
import org.observatory.indexer.IndexEntry;
import org.observatory.indexer.PluginIndexer;
import org.observatory.schemas.tweet.Tweet;

/** A plug-in with a bug: it throws on every tweet by the account {@code breaks}. */
public class FailingIndexer implements PluginIndexer {
  @Override
  public List<IndexEntry> entries(Tweet tweet) {
    if (tweet.user().screenName().equals("breaks")) {
      throw new IllegalStateException("this plug-in cannot index @breaks");
    }
    return List.of(new IndexEntry(tweet.user().screenName(), tweet.id(), null));
  }
}
