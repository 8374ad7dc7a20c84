package org.observatory.api.query.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.observatory.schemas.tables.CountTable;
import org.observatory.schemas.tables.Month;

/**
 * What queries computed from an hour's index cells, kept in the counts table under the generation the
 * hour had before the cells were read, and taken back while that generation stands. Every write to an
 * hour moves its generation on ({@link org.observatory.schemas.tables.WrittenHours}), so a value
 * taken back is never stale, and a query asked again costs the hours of its window, not their tweets.
 * One algorithm for every kind of value; a {@link Codec} says how a value is written. Thread-safe.
 */
final class HourCache<V> {
  /** A bigger value is computed from its cells every time: a cell must stay well under HBase's 10 MB. */
  static final int MAX_KEPT_BYTES = 4 << 20;
  private static final int MAX_REQUEST_BYTES = 16 << 20;

  /** How a kept value is written and read back. */
  interface Codec<V> {
    /** The bytes to keep, or empty when this value cannot be written (then its hour is not kept). */
    Optional<ByteBuffer> encode(V value);

    V decode(ByteBuffer kept);
  }

  /** Opens the counts table (its caller closes it). */
  @FunctionalInterface
  interface CountsTable {
    Table open() throws IOException;
  }

  /** Some hours of a month kept in one slot (a key set's counts, or a query's values over one). */
  record Wanted(Month month, CountTable.Slot slot, List<Integer> hours) {}

  /** An hour's value to keep, at the generation its hour had before its cells were read. */
  record ToKeep<V>(CountTable.Slot slot, int hour, long generation, V value) {}

  /** What the counts table holds of the hours wanted. */
  static final class Held<V> {
    private final boolean keeping;
    private final Map<Month, Map<Integer, Long>> generations;
    private final List<Map<Integer, V>> standing;

    private Held(boolean keeping, Map<Month, Map<Integer, Long>> generations, List<Map<Integer, V>> standing) {
      this.keeping = keeping;
      this.generations = generations;
      this.standing = standing;
    }

    /** False when there is no counts table (no loader of this version has run against the store). */
    boolean keeping() {
      return keeping;
    }

    /** The hour's generation now: what a value computed from its cells is kept under. */
    long generation(Month month, int hour) {
      return generations.getOrDefault(month, Map.of()).getOrDefault(hour, 0L);
    }

    /** The value of the {@code wanted}-th slot's hour, or null when none was kept at its generation. */
    V standing(int wanted, int hour) {
      return standing.get(wanted).get(hour);
    }
  }

  private final CountsTable counts;
  private final Codec<V> codec;
  private final int hoursARequest;

  /**
   * @param hoursARequest hours read in one request, the requests one after the other: one response of
   *     hundreds of megabytes is several times slower than the same in a few dozen
   */
  HourCache(CountsTable counts, Codec<V> codec, int hoursARequest) {
    this.counts = counts;
    this.codec = codec;
    this.hoursARequest = hoursARequest;
  }

  Held<V> read(List<Wanted> wanted) throws IOException {
    Set<Month> months = new LinkedHashSet<>();
    wanted.forEach(w -> months.add(w.month()));
    Map<Month, Map<Integer, Long>> generations = new HashMap<>();
    List<Map<Integer, V>> standing = new ArrayList<>();
    if (months.isEmpty()) {
      return new Held<>(true, generations, standing);
    }
    try (Table table = counts.open()) {
      List<Month> ordered = List.copyOf(months);
      Result[] rows = table.get(ordered.stream().map(CountTable::generations).toList());
      for (int m = 0; m < ordered.size(); m++) {
        generations.put(ordered.get(m), CountTable.generations(rows[m]));
      }
      List<Get> gets = new ArrayList<>();
      List<Integer> slotOf = new ArrayList<>();
      List<Integer> hoursOf = new ArrayList<>();
      for (int w = 0; w < wanted.size(); w++) {
        List<Integer> hours = wanted.get(w).hours();
        for (int from = 0; from < hours.size(); from += hoursARequest) {
          List<Integer> some = hours.subList(from, Math.min(hours.size(), from + hoursARequest));
          gets.add(CountTable.get(wanted.get(w).slot(), some));
          slotOf.add(w);
          hoursOf.add(some.size());
        }
        standing.add(new HashMap<>());
      }
      for (int from = 0, to; from < gets.size(); from = to) {
        long hours = hoursOf.get(from);
        for (to = from + 1; to < gets.size() && hours + hoursOf.get(to) <= hoursARequest; to++) {
          hours += hoursOf.get(to);
        }
        Result[] kept = table.get(gets.subList(from, to));
        for (int g = from; g < to; g++) {
          Map<Integer, V> into = standing.get(slotOf.get(g));
          Wanted slot = wanted.get(slotOf.get(g));
          Map<Integer, Long> current = generations.get(slot.month());
          CountTable.kept(slot.slot(), kept[g - from]).forEach((hour, value) -> {
            if (value.generation() == current.getOrDefault(hour, 0L)) {
              into.put(hour, codec.decode(value.value()));
            }
          });
        }
      }
    } catch (TableNotFoundException e) { // nothing kept, nothing to keep
      return new Held<>(false, Map.of(), wanted.stream().map(w -> Map.<Integer, V>of()).toList());
    }
    return new Held<>(true, generations, standing);
  }

  /** Keeps the values that can be written, in requests of at most {@value #MAX_REQUEST_BYTES} bytes. */
  void keep(List<ToKeep<V>> values) throws IOException {
    if (values.isEmpty()) {
      return;
    }
    List<Put> puts = new ArrayList<>();
    long bytes = 0;
    try (Table table = counts.open()) {
      for (ToKeep<V> value : values) {
        Optional<ByteBuffer> encoded = codec.encode(value.value());
        if (encoded.isEmpty() || encoded.get().remaining() > MAX_KEPT_BYTES) {
          continue;
        }
        puts.add(CountTable.put(value.slot(), Map.of(value.hour(), new CountTable.Kept(value.generation(), encoded.get()))));
        bytes += encoded.get().remaining();
        if (bytes >= MAX_REQUEST_BYTES) {
          table.put(puts);
          puts.clear();
          bytes = 0;
        }
      }
      if (!puts.isEmpty()) {
        table.put(puts);
      }
    } catch (TableNotFoundException e) { // dropped since it was read: nothing is kept
    }
  }
}
