package org.observatory.api.query;

import java.util.HashMap;
import java.util.Map;

/** Tallies by key, merged as they come. Not thread-safe. */
public final class Tallies {
  private final Map<String, Tally> byKey;

  public Tallies() {
    this(0);
  }

  /** For about {@code keys} keys, so that the map does not grow (and rehash) on the way there. */
  public Tallies(int keys) {
    byKey = new HashMap<>((int) (keys / 0.75f) + 1);
  }

  public void add(String key, Tally tally) {
    byKey.merge(key, tally, Tally::merge);
  }

  public Map<String, Tally> asMap() {
    return byKey;
  }
}
