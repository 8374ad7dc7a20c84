package org.observatory.api.query;

import java.util.Arrays;

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
