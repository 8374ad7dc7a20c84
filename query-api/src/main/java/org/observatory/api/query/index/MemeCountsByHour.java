package org.observatory.api.query.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.observatory.api.query.IndexKey;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.output.QueryResult;
import org.observatory.schemas.tables.CountTable;
import org.observatory.schemas.tables.Month;

/**
 * How many distinct tweets each of some keys of an index, and all of them together, held in each hour
 * of a window (meme-post-count, timestamp-count): an hour's counts from the {@link HourCache} while they
 * stand, from the index cells elsewhere, whose whole hours are then kept. Thread-safe.
 */
public final class MemeCountsByHour {
  /** A count, as the counts table keeps it: 8 bytes. */
  static final HourCache.Codec<Long> COUNT = new HourCache.Codec<>() {
    @Override
    public Optional<ByteBuffer> encode(Long count) {
      return Optional.of(ByteBuffer.allocate(Long.BYTES).putLong(0, count));
    }

    @Override
    public Long decode(ByteBuffer kept) {
      return kept.getLong(kept.position());
    }
  };

  private final IndexScanner scanner;
  private final HourCache<Long> cache;

  public MemeCountsByHour(IndexScanner scanner) {
    this.scanner = scanner;
    // a lambda, not scanner::countsTable: an engine made without a scanner (the catalogue's) never reads
    this.cache = new HourCache<>(() -> scanner.countsTable(), COUNT, Integer.MAX_VALUE);
  }

  /**
   * Per hour of the window, from the hour {@code firstHour} (in hours since the epoch) on: each key's
   * count, and the count of tweets under any of them.
   */
  public record Counted(long firstHour, long[][] perKey, long[] any, List<Month> months, List<QueryResult.Skipped> skipped,
      long hoursFromCells) {
    List<String> monthNames() {
      return months.stream().map(Month::toString).toList();
    }

    public static long total(long[] perHour) {
      long sum = 0;
      for (long n : perHour) {
        sum += n;
      }
      return sum;
    }
  }

  public Counted count(String index, List<IndexKey> keys, TimeWindow window) throws IOException {
    IndexPlanner.Plan plan = scanner.plan(index, window);
    long firstHour = Hours.of(window.start());
    List<List<String>> keySets = keySets(keys);
    long[][] counts = new long[keySets.size()][Hours.touched(window.start(), window.endExclusive())];
    boolean[] fromCells = new boolean[counts[0].length];
    List<HourCache.Wanted> wanted = new ArrayList<>();
    plan.sources().forEach((month, source) -> keySets.forEach(set -> wanted.add(
        new HourCache.Wanted(month, CountTable.counts(source.table(), set), Hours.whole(month, window)))));
    HourCache.Held<Long> held = cache.read(wanted);

    // An hour is taken from the cache when every key set's count of it stands; the rest are counted.
    List<HourCache.ToKeep<Long>> toKeep = new ArrayList<>();
    int slot = 0;
    for (Month month : plan.sources().keySet()) {
      for (int hour : Hours.touched(month, window.start(), window.endExclusive())) {
        int at = (int) (Hours.of(CountTable.hourStart(month, hour)) - firstHour);
        boolean standing = Hours.isWhole(month, hour, window);
        for (int s = 0; s < keySets.size() && standing; s++) {
          standing = held.standing(slot + s, hour) != null;
        }
        if (standing) {
          for (int s = 0; s < keySets.size(); s++) {
            counts[s][at] = held.standing(slot + s, hour);
          }
        } else {
          fromCells[at] = true;
        }
      }
      slot += keySets.size();
    }

    long hoursFromCells = 0;
    for (TimeWindow run : Hours.runs(fromCells, firstHour, window)) {
      IndexScanner.IndexHits hits = scanner.scan(plan, keys, run, false, null);
      for (int k = 0; k < keys.size(); k++) {
        addPerHour(hits.perKey().get(k), firstHour, counts[k]);
      }
      if (keys.size() > 1) {
        addPerHour(hits.distinct(), firstHour, counts[keys.size()]);
      }
      hoursFromCells += Hours.touched(run.start(), run.endExclusive());
    }
    if (held.keeping()) {
      for (int w = 0; w < wanted.size(); w++) {
        HourCache.Wanted set = wanted.get(w);
        for (int hour : set.hours()) {
          int at = (int) (Hours.of(CountTable.hourStart(set.month(), hour)) - firstHour);
          if (fromCells[at]) {
            toKeep.add(new HourCache.ToKeep<>(set.slot(), hour, held.generation(set.month(), hour),
                counts[w % keySets.size()][at]));
          }
        }
      }
      cache.keep(toKeep);
    }
    long[][] perKey = keys.size() > 1 ? Arrays.copyOf(counts, keys.size()) : counts;
    return new Counted(firstHour, perKey, counts[keySets.size() - 1], List.copyOf(plan.sources().keySet()),
        plan.skipped(), hoursFromCells);
  }

  /** Each key alone, then (for more than one) all of them, {@link CountTable#spelled}. */
  private static List<List<String>> keySets(List<IndexKey> keys) {
    List<List<String>> sets = new ArrayList<>();
    keys.forEach(k -> sets.add(List.of(CountTable.spelled(k.key(), k.prefix()))));
    if (keys.size() > 1) {
      sets.add(keys.stream().map(k -> CountTable.spelled(k.key(), k.prefix())).toList());
    }
    return sets;
  }

  private static void addPerHour(TweetHits hits, long firstHour, long[] perHour) {
    for (int i = 0; i < hits.size(); i++) {
      perHour[(int) (Hours.of(hits.time(i)) - firstHour)]++;
    }
  }
}
