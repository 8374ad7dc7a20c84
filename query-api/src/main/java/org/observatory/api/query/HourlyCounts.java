package org.observatory.api.query;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.observatory.schemas.tables.CountTable;
import org.observatory.schemas.tables.Month;

/**
 * How many distinct tweets each of some keys of an index, and all of them together, held in each hour
 * of a window: from the counts table where a count's hour has not been written since it was taken,
 * from the index cells elsewhere — whose counts of whole hours are then kept for the next query. So a
 * count costs the hours of the window, not its tweets, once it has been asked before; and no count is
 * ever stale, since every loader moves an hour on after writing it ({@link
 * org.observatory.schemas.tables.WrittenHours}). Thread-safe.
 */
final class HourlyCounts {
  static final long HOUR_MILLIS = 3_600_000L;

  private final IndexScanner scanner;

  HourlyCounts(IndexScanner scanner) {
    this.scanner = scanner;
  }

  /**
   * Per hour of the window, from the hour {@code firstHour} (in hours since the epoch) on: each key's
   * count, and the count of tweets under any of them.
   */
  record Counted(long firstHour, long[][] perKey, long[] any, List<Month> months, List<QueryResult.Skipped> skipped,
      long hoursFromCells) {
    List<String> monthNames() {
      return months.stream().map(Month::toString).toList();
    }

    static long total(long[] perHour) {
      long sum = 0;
      for (long n : perHour) {
        sum += n;
      }
      return sum;
    }
  }

  Counted count(String index, List<IndexScanner.Key> keys, TimeWindow window) throws IOException {
    IndexPlanner.Plan plan = scanner.plan(index, window);
    long firstHour = Math.floorDiv(window.start(), HOUR_MILLIS);
    int hours = (int) (Math.floorDiv(window.endExclusive() - 1, HOUR_MILLIS) - firstHour + 1);
    List<List<String>> keySets = keySets(keys);
    long[][] counts = new long[keySets.size()][hours];
    boolean[] fromCells = new boolean[hours];
    Map<Month, Map<Integer, Long>> toKeep = new HashMap<>(); // whole hours counted from cells, with their generation
    boolean keeping = read(plan, keySets, window, firstHour, counts, fromCells, toKeep);

    long hoursFromCells = 0;
    for (TimeWindow run : runs(fromCells, firstHour, window)) {
      IndexScanner.IndexHits hits = scanner.scan(index, keys, run, false);
      for (int k = 0; k < keys.size(); k++) {
        addPerHour(hits.perKey().get(k), firstHour, counts[k]);
      }
      if (keys.size() > 1) {
        addPerHour(hits.distinct(), firstHour, counts[keys.size()]);
      }
      hoursFromCells += Math.floorDiv(run.endExclusive() - 1, HOUR_MILLIS) - Math.floorDiv(run.start(), HOUR_MILLIS) + 1;
    }
    if (keeping && !toKeep.isEmpty()) {
      keep(plan, keySets, firstHour, counts, toKeep);
    }
    long[][] perKey = keys.size() > 1 ? java.util.Arrays.copyOf(counts, keys.size()) : counts;
    return new Counted(firstHour, perKey, counts[keySets.size() - 1], List.copyOf(plan.sources().keySet()),
        plan.skipped(), hoursFromCells);
  }

  /**
   * Takes the good counts of the window's whole hours from the counts table; marks every other hour of
   * a planned month to be counted from the cells, and the whole ones among them to be kept. False when
   * there is no counts table (no loader of this version has run against the store): nothing is kept.
   */
  private boolean read(IndexPlanner.Plan plan, List<List<String>> keySets, TimeWindow window, long firstHour,
      long[][] counts, boolean[] fromCells, Map<Month, Map<Integer, Long>> toKeep) throws IOException {
    List<Get> gets = new ArrayList<>();
    plan.sources().forEach((month, source) -> {
      gets.add(CountTable.generations(month));
      keySets.forEach(set -> gets.add(CountTable.counts(source.table(), set)));
    });
    Result[] rows;
    try (Table table = scanner.connection().getTable(scanner.names().counts())) {
      rows = table.get(gets);
    } catch (TableNotFoundException e) {
      rows = null;
    }
    int row = 0;
    for (Month month : plan.sources().keySet()) {
      Map<Integer, Long> generations = rows == null ? Map.of() : CountTable.generations(rows[row]);
      List<Map<Integer, CountTable.Count>> kept = new ArrayList<>();
      for (int s = 0; s < keySets.size(); s++) {
        kept.add(rows == null ? Map.of() : CountTable.counts(rows[row + 1 + s]));
      }
      row += 1 + keySets.size();
      long from = Math.max(window.start(), month.startMillis());
      long to = Math.min(window.endExclusive(), month.endMillis());
      for (long hourStart = Math.floorDiv(from, HOUR_MILLIS) * HOUR_MILLIS; hourStart < to; hourStart += HOUR_MILLIS) {
        int hour = CountTable.hourOf(month, hourStart);
        int at = (int) (hourStart / HOUR_MILLIS - firstHour);
        boolean whole = hourStart >= window.start() && hourStart + HOUR_MILLIS <= window.endExclusive();
        long generation = generations.getOrDefault(hour, 0L);
        if (whole && allGood(kept, hour, generation)) {
          for (int s = 0; s < keySets.size(); s++) {
            counts[s][at] = kept.get(s).get(hour).count();
          }
        } else {
          fromCells[at] = true;
          if (whole) {
            toKeep.computeIfAbsent(month, m -> new HashMap<>()).put(hour, generation);
          }
        }
      }
    }
    return rows != null;
  }

  private static boolean allGood(List<Map<Integer, CountTable.Count>> kept, int hour, long generation) {
    for (Map<Integer, CountTable.Count> counts : kept) {
      CountTable.Count count = counts.get(hour);
      if (count == null || count.generation() != generation) {
        return false;
      }
    }
    return true;
  }

  /** The counts of the whole hours just counted from the cells, each with its generation as read before. */
  private void keep(IndexPlanner.Plan plan, List<List<String>> keySets, long firstHour, long[][] counts,
      Map<Month, Map<Integer, Long>> toKeep) throws IOException {
    List<Put> puts = new ArrayList<>();
    toKeep.forEach((month, generations) -> {
      TableName source = plan.sources().get(month).table();
      for (int s = 0; s < keySets.size(); s++) {
        Map<Integer, CountTable.Count> kept = new HashMap<>();
        for (Map.Entry<Integer, Long> hour : generations.entrySet()) {
          int at = (int) (CountTable.hourStart(month, hour.getKey()) / HOUR_MILLIS - firstHour);
          kept.put(hour.getKey(), new CountTable.Count(counts[s][at], hour.getValue()));
        }
        puts.add(CountTable.put(source, keySets.get(s), kept));
      }
    });
    try (Table table = scanner.connection().getTable(scanner.names().counts())) {
      table.put(puts);
    }
  }

  /** Each key alone, then (for more than one) all of them: each a sorted list of {@code =key} or {@code ^prefix}. */
  private static List<List<String>> keySets(List<IndexScanner.Key> keys) {
    List<List<String>> sets = new ArrayList<>();
    keys.forEach(k -> sets.add(List.of(name(k))));
    if (keys.size() > 1) {
      sets.add(keys.stream().map(HourlyCounts::name).sorted().distinct().toList());
    }
    return sets;
  }

  private static String name(IndexScanner.Key key) {
    return (key.prefix() ? "^" : "=") + key.key();
  }

  /** The stretches of consecutive hours to count from the cells, cut to the window. */
  static List<TimeWindow> runs(boolean[] fromCells, long firstHour, TimeWindow window) {
    List<TimeWindow> runs = new ArrayList<>();
    for (int i = 0; i < fromCells.length; i++) {
      if (fromCells[i]) {
        int j = i;
        while (j + 1 < fromCells.length && fromCells[j + 1]) {
          j++;
        }
        runs.add(new TimeWindow(Math.max(window.start(), (firstHour + i) * HOUR_MILLIS),
            Math.min(window.endExclusive(), (firstHour + j + 1) * HOUR_MILLIS)));
        i = j;
      }
    }
    return runs;
  }

  private static void addPerHour(TweetHits hits, long firstHour, long[] perHour) {
    for (int i = 0; i < hits.size(); i++) {
      perHour[(int) (Math.floorDiv(hits.time(i), HOUR_MILLIS) - firstHour)]++;
    }
  }
}
