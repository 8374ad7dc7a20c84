package org.observatory.api.query;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Tweet ids with their creation times, and the id an index cell holds (the poster's, in a meme index
 * that carries user ids; else 0), as phase 1 finds them; primitive arrays, no boxing. Where the cells
 * carry fields ({@link org.observatory.schemas.tables.CellFields}), each hit keeps its cell's value too.
 */
public final class TweetHits {
  private long[] ids = new long[16];
  private long[] times = new long[16];
  private long[] values = new long[16];
  private byte[][] cells; // null until a hit with a cell's value is added
  private int size;

  public void add(long id, long time) {
    add(id, time, 0);
  }

  public void add(long id, long time, long value) {
    add(id, time, value, null);
  }

  /** @param cell the value of the index cell that found the tweet, or null */
  public void add(long id, long time, long value, byte[] cell) {
    if (size == ids.length) {
      ids = Arrays.copyOf(ids, size * 2);
      times = Arrays.copyOf(times, size * 2);
      values = Arrays.copyOf(values, size * 2);
      cells = cells == null ? null : Arrays.copyOf(cells, size * 2);
    }
    if (cell != null && cells == null) {
      cells = new byte[ids.length][];
    }
    ids[size] = id;
    times[size] = time;
    values[size] = value;
    if (cells != null) {
      cells[size] = cell;
    }
    size++;
  }

  public void addAll(TweetHits other) {
    for (int i = 0; i < other.size; i++) {
      add(other.ids[i], other.times[i], other.values[i], other.cell(i));
    }
  }

  /** The same hits with each tweet once. */
  public TweetHits distinct() {
    Map<Long, Integer> first = new LinkedHashMap<>(size * 2);
    for (int i = 0; i < size; i++) {
      first.putIfAbsent(ids[i], i);
    }
    TweetHits unique = new TweetHits();
    first.values().forEach(i -> unique.add(ids[i], times[i], values[i], cell(i)));
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
      sorted.add(ids[i], times[i], values[i], cell(i));
    }
    return sorted;
  }

  /** The hits whose tweet is among the ids. */
  public TweetHits only(Set<Long> tweetIds) {
    TweetHits kept = new TweetHits();
    for (int i = 0; i < size; i++) {
      if (tweetIds.contains(ids[i])) {
        kept.add(ids[i], times[i], values[i], cell(i));
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

  /** The value of the index cell that found hit {@code i}, where kept; else null. */
  public byte[] cell(int i) {
    return cells == null ? null : cells[i];
  }
}
