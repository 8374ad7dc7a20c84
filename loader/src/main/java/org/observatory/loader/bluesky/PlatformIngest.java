package org.observatory.loader.bluesky;

import org.observatory.indexer.Indexer;
import org.observatory.loader.IndexedTweets;
import org.observatory.loader.Ingest;
import org.observatory.loader.LineIngest;
import org.observatory.loader.LoadCounters;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.Tombstones;
import org.observatory.schemas.tables.Platform;

/**
 * Opens the ingest of an input for the platform whose tables a kit writes: Twitter's lines straight
 * through {@link Ingest}, Bluesky's through {@link JetstreamIngest}. Keeps what Bluesky's inputs read
 * and remember across an input's segments. Thread-safe.
 */
public final class PlatformIngest {
  private final BlueskyStore bluesky;

  private PlatformIngest(BlueskyStore bluesky) {
    this.bluesky = bluesky;
  }

  public static PlatformIngest of(LoaderKit kit) {
    return new PlatformIngest(kit.names().platform() == Platform.BLUESKY ? new BlueskyStore(kit) : null);
  }

  /** As {@link Ingest#Ingest}'s arguments say. */
  public LineIngest open(Indexer indexer, Tombstones tombstones, LoadCounters counters, Ingest.Sink sink,
      IndexedTweets indexed, boolean countRepeats) {
    Ingest ingest = new Ingest(indexer, tombstones, counters, sink, indexed, countRepeats);
    return bluesky == null ? ingest : new JetstreamIngest(ingest, bluesky, counters);
  }
}
