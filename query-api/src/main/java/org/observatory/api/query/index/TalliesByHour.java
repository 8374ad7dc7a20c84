package org.observatory.api.query.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.observatory.api.query.Meme;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.api.query.tally.KeptTally;
import org.observatory.api.query.tally.Tallies;
import org.observatory.schemas.tables.CountTable;
import org.observatory.schemas.tables.Month;

/**
 * What a content query (a content query) tallied from the meme index's carried fields in each
 * whole hour of a window, kept by the {@link HourCache} in the form {@link KeptTally} writes: a query
 * asked again merges its tallies per hour instead of tallying every matching cell, so its cost grows
 * with what the hours hold (users, edges), not with their tweets. Only months whose cells carry every
 * field the query reads are kept; the others are scanned and fetched as before. Thread-safe.
 */
public final class TalliesByHour {
  /** The kept bytes are handed on as they are: the answers' merges read them in place. */
  private static final HourCache.Codec<ByteBuffer> AS_KEPT = new HourCache.Codec<>() {
    @Override
    public Optional<ByteBuffer> encode(ByteBuffer tally) {
      return Optional.of(tally);
    }

    @Override
    public ByteBuffer decode(ByteBuffer kept) {
      return kept;
    }
  };
  /**
   * Kept hours read in one request: 16 days of a 10-million-tweet store's user-post-count tallies (121
   * MB) took 1.9-2.3 s as one response and 0.4-0.7 s in requests of 24 to 96 hours, one after the other.
   */
  private static final int HOURS_A_REQUEST = 48;

  private final IndexScanner scanner;
  private final HourCache<ByteBuffer> cache;

  public TalliesByHour(IndexScanner scanner) {
    this.scanner = scanner;
    // a lambda, not scanner::countsTable: an engine made without a scanner (the catalogue's) never reads
    this.cache = new HourCache<>(() -> scanner.countsTable(), AS_KEPT, HOURS_A_REQUEST);
  }

  /**
   * What the counts table holds for a query: the tallies of the hours it answers and their tweets, the
   * stretches of the window still to scan, and the hours among those to keep once tallied.
   */
  public static final class Read {
    public final IndexPlanner.Plan plan;
    /** The months whose cells carry what the query reads: tallied from the cells or kept hours alone. */
    public final List<Month> carrying;
    /** The hours kept, as {@link KeptTally} wrote them: merged with the rest when the answer is made. */
    public final List<ByteBuffer> kept = new ArrayList<>();
    public long tweets;
    public List<TimeWindow> toScan = List.of();
    /** Hours since the epoch → the hour to keep. */
    public final Map<Long, Hour> toKeep = new HashMap<>();

    Read(IndexPlanner.Plan plan, List<Month> carrying) {
      this.plan = plan;
      this.carrying = carrying;
    }

    /** Where a hit of that time is tallied: its hour's own tallies when the hour is to be kept. */
    public Tallies sink(long time, Tallies elsewhere) {
      Hour hour = toKeep.get(Hours.of(time));
      return hour == null ? elsewhere : hour.tallies;
    }

    /** Counts a tweet found in the scans. */
    public void found(long time) {
      Hour hour = toKeep.get(Hours.of(time));
      if (hour != null) {
        hour.tweets++;
      }
    }
  }

  /** An hour tallied from the cells, to keep at the generation it had before the scan. */
  public static final class Hour {
    final CountTable.Slot slot;
    final int hour;
    final long generation;
    public final Tallies tallies = new Tallies();
    long tweets;

    Hour(CountTable.Slot slot, int hour, long generation) {
      this.slot = slot;
      this.hour = hour;
      this.generation = generation;
    }
  }

  public Read read(ContentQuery content, List<Meme> memes, TimeWindow window, List<String> fields) throws IOException {
    IndexPlanner.Plan plan = scanner.plan(MemeKeys.INDEX, window);
    Map<Month, TableName> carrying = new LinkedHashMap<>();
    plan.sources().forEach((month, source) -> {
      if (source.carries(fields)) {
        carrying.put(month, source.table());
      }
    });
    Read read = new Read(plan, List.copyOf(carrying.keySet()));
    List<String> keySet = memes.stream().map(m -> CountTable.spelled(m.indexKey(), m.isPrefix())).toList();
    List<HourCache.Wanted> wanted = new ArrayList<>();
    carrying.forEach((month, table) -> wanted.add(
        new HourCache.Wanted(month, CountTable.tallies(table, content.name(), keySet), Hours.whole(month, window))));
    HourCache.Held<ByteBuffer> held = wanted.isEmpty() ? null : cache.read(wanted);
    if (held == null || !held.keeping()) { // nothing kept, nothing to keep
      read.toScan = List.of(window);
      return read;
    }
    long firstHour = Hours.of(window.start());
    boolean[] fromCells = new boolean[Hours.touched(window.start(), window.endExclusive())];
    Arrays.fill(fromCells, true);
    for (int w = 0; w < wanted.size(); w++) {
      HourCache.Wanted hours = wanted.get(w);
      for (int hour : hours.hours()) {
        long at = Hours.of(CountTable.hourStart(hours.month(), hour));
        ByteBuffer tally = held.standing(w, hour);
        if (tally != null) {
          read.kept.add(tally);
          read.tweets += KeptTally.tweets(tally);
          fromCells[(int) (at - firstHour)] = false;
        } else {
          read.toKeep.put(at, new Hour(hours.slot(), hour, held.generation(hours.month(), hour)));
        }
      }
    }
    read.toScan = Hours.runs(fromCells, firstHour, window);
    return read;
  }

  /** Keeps the hours tallied from the cells, each at the generation read before the scan. */
  public void keep(Read read) throws IOException {
    List<HourCache.ToKeep<ByteBuffer>> toKeep = new ArrayList<>();
    read.toKeep.values().forEach(hour -> toKeep.add(new HourCache.ToKeep<>(hour.slot, hour.hour, hour.generation,
        KeptTally.encode(hour.tallies, hour.tweets))));
    cache.keep(toKeep);
  }
}
