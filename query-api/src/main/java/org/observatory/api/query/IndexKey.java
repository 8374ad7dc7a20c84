package org.observatory.api.query;

import java.util.List;

/** An index row, or every row starting with {@code key} when {@code prefix} is set. */
public record IndexKey(String key, boolean prefix) {
  /** Exactly these rows. */
  public static List<IndexKey> exact(List<String> keys) {
    return keys.stream().map(k -> new IndexKey(k, false)).toList();
  }
}
