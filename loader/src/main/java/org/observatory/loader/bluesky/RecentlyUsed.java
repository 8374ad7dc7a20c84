package org.observatory.loader.bluesky;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The caches of the Bluesky ingest: the entries used last, up to a bound, the oldest dropped first. */
final class RecentlyUsed {
  private RecentlyUsed() {}

  /** A thread-safe map that keeps the {@code capacity} entries read or written last. */
  static <K, V> Map<K, V> map(int capacity) {
    return Collections.synchronizedMap(new LinkedHashMap<>(1 << 12, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > capacity;
      }
    });
  }
}
