package org.observatory.api.query.tally;

import java.util.HashMap;
import java.util.Map;

/** Tallies by key, merged as they come. Not thread-safe. */
public final class Tallies {
  private final Map<String, Tally> byKey = new HashMap<>();

  public void add(String key, Tally tally) {
    byKey.merge(key, tally, Tally::merge);
  }

  public Map<String, Tally> asMap() {
    return byKey;
  }
}
