package org.observatory.api.query;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** Tweet ids with their creation times, as phase 1 finds them; primitive arrays, no boxing. */
public final class TweetHits {
  private long[] ids = new long[16];
  private long[] times = new long[16];
  private int size;

  public void add(long id, long time) {
    if (size == ids.length) {
      ids = Arrays.copyOf(ids, size * 2);
      times = Arrays.copyOf(times, size * 2);
    }
    ids[size] = id;
    times[size] = time;
    size++;
  }

  public void addAll(TweetHits other) {
    for (int i = 0; i < other.size; i++) {
      add(other.ids[i], other.times[i]);
    }
  }

  /** The same hits with each tweet once. */
  public TweetHits distinct() {
    Map<Long, Long> byId = new LinkedHashMap<>(size * 2);
    for (int i = 0; i < size; i++) {
      byId.putIfAbsent(ids[i], times[i]);
    }
    TweetHits unique = new TweetHits();
    byId.forEach(unique::add);
    return unique;
  }

  public int size() {
    return size;
  }

  public long id(int i) {
    return ids[i];
  }

  public long time(int i) {
    return times[i];
  }
}
