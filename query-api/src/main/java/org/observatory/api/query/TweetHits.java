package org.observatory.api.query;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Tweet ids with their creation times, and the id an index cell holds (the poster's, in a meme index
 * that carries user ids; else 0), as phase 1 finds them; primitive arrays, no boxing.
 */
public final class TweetHits {
  private long[] ids = new long[16];
  private long[] times = new long[16];
  private long[] values = new long[16];
  private int size;

  public void add(long id, long time) {
    add(id, time, 0);
  }

  public void add(long id, long time, long value) {
    if (size == ids.length) {
      ids = Arrays.copyOf(ids, size * 2);
      times = Arrays.copyOf(times, size * 2);
      values = Arrays.copyOf(values, size * 2);
    }
    ids[size] = id;
    times[size] = time;
    values[size] = value;
    size++;
  }

  public void addAll(TweetHits other) {
    for (int i = 0; i < other.size; i++) {
      add(other.ids[i], other.times[i], other.values[i]);
    }
  }

  /** The same hits with each tweet once. */
  public TweetHits distinct() {
    Map<Long, Integer> first = new LinkedHashMap<>(size * 2);
    for (int i = 0; i < size; i++) {
      first.putIfAbsent(ids[i], i);
    }
    TweetHits unique = new TweetHits();
    first.values().forEach(i -> unique.add(ids[i], times[i], values[i]));
    return unique;
  }

  /** The hits in time order, then id order: how lookups list tweets. */
  public TweetHits inTimeOrder() {
    Integer[] order = new Integer[size];
    for (int i = 0; i < size; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> times[a] != times[b] ? Long.compare(times[a], times[b]) : Long.compare(ids[a], ids[b]));
    TweetHits sorted = new TweetHits();
    for (int i : order) {
      sorted.add(ids[i], times[i], values[i]);
    }
    return sorted;
  }

  /** The hits whose tweet is among the ids. */
  public TweetHits only(Set<Long> tweetIds) {
    TweetHits kept = new TweetHits();
    for (int i = 0; i < size; i++) {
      if (tweetIds.contains(ids[i])) {
        kept.add(ids[i], times[i], values[i]);
      }
    }
    return kept;
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

  public long value(int i) {
    return values[i];
  }
}
