package org.observatory.api.query;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.observatory.schemas.tables.CountTable;
import org.observatory.schemas.tables.Month;

/**
 * What a content query tallied from the meme index's carried fields in each whole hour of a window,
 * kept in the counts table while the hour's generation stands, as {@link HourlyCounts} keeps counts: a
 * query asked again merges its tallies per hour instead of tallying every matching cell, so its cost
 * grows with what the hours hold (users, edges), not with their tweets. Only months whose cells carry
 * every field the query reads are kept; the others are scanned and fetched as before. Thread-safe.
 */
final class HourlyTallies {
  /** A bigger hour is tallied from its cells every time: a cell must stay well under HBase's 10 MB. */
  static final int MAX_KEPT_BYTES = 4 << 20;
  private static final int MAX_REQUEST_BYTES = 16 << 20;
  /** Kept hours read in one request: one response of hundreds of megabytes is several times slower. */
  private static final int HOURS_A_GET = 48;

  private final IndexScanner scanner;

  HourlyTallies(IndexScanner scanner) {
    this.scanner = scanner;
  }

  /**
   * What the counts table holds for a query: the tallies of the hours it answers and their tweets, the
   * stretches of the window still to scan, and the hours among those to keep once tallied.
   */
  static final class Read {
    final IndexPlanner.Plan plan;
    /** The months whose cells carry what the query reads: tallied from the cells or kept hours alone. */
    final List<Month> carrying;
    /** The hours kept, as {@link #encode} wrote them: merged with the rest when the answer is made. */
    final List<ByteBuffer> kept = new ArrayList<>();
    long tweets;
    List<TimeWindow> toScan = List.of();
    /** Hours since the epoch → the hour to keep. */
    final Map<Long, Hour> toKeep = new HashMap<>();
    boolean keeping;

    Read(IndexPlanner.Plan plan, List<Month> carrying) {
      this.plan = plan;
      this.carrying = carrying;
    }

    /** Where a hit of that time is tallied: its hour's own tallies when the hour is to be kept. */
    Tallies sink(long time, Tallies elsewhere) {
      Hour hour = toKeep.get(Math.floorDiv(time, HourlyCounts.HOUR_MILLIS));
      return hour == null ? elsewhere : hour.tallies;
    }

    /** Counts a tweet found in the scans. */
    void found(long time) {
      Hour hour = toKeep.get(Math.floorDiv(time, HourlyCounts.HOUR_MILLIS));
      if (hour != null) {
        hour.tweets++;
      }
    }
  }

  /** An hour tallied from the cells, to keep at the generation it had before the scan. */
  static final class Hour {
    final TableName table;
    final int hour;
    final long generation;
    final Tallies tallies = new Tallies();
    long tweets;

    Hour(TableName table, int hour, long generation) {
      this.table = table;
      this.hour = hour;
      this.generation = generation;
    }
  }

  Read read(ContentQuery content, List<Meme> memes, TimeWindow window, List<String> fields) throws IOException {
    IndexPlanner.Plan plan = scanner.plan(MemeKeys.INDEX, window);
    Map<Month, TableName> carrying = new LinkedHashMap<>();
    plan.sources().forEach((month, source) -> {
      if (source.carries(fields)) {
        carrying.put(month, source.table());
      }
    });
    Read read = new Read(plan, List.copyOf(carrying.keySet()));
    if (carrying.isEmpty()) {
      read.toScan = List.of(window);
      return read;
    }
    List<String> keySet = keySet(memes);
    List<Month> months = new ArrayList<>(carrying.keySet());
    Result[] generationRows;
    List<Map<Integer, CountTable.Tallied>> keptByMonth = new ArrayList<>();
    try (Table table = scanner.connection().getTable(scanner.names().counts())) {
      generationRows = table.get(months.stream().map(CountTable::generations).toList());
      for (Month month : months) {
        keptByMonth.add(keptTallies(table, carrying.get(month), content, keySet, wholeHours(month, window)));
      }
    } catch (TableNotFoundException e) { // no loader of this version has run: nothing kept, nothing to keep
      read.toScan = List.of(window);
      return read;
    }
    read.keeping = true;
    long firstHour = Math.floorDiv(window.start(), HourlyCounts.HOUR_MILLIS);
    boolean[] fromCells = new boolean[(int) (Math.floorDiv(window.endExclusive() - 1, HourlyCounts.HOUR_MILLIS)
        - firstHour + 1)];
    Arrays.fill(fromCells, true);
    List<ByteBuffer> current = new ArrayList<>();
    for (int m = 0; m < months.size(); m++) {
      Month month = months.get(m);
      Map<Integer, Long> generations = CountTable.generations(generationRows[m]);
      Map<Integer, CountTable.Tallied> kept = keptByMonth.get(m);
      for (int hour : wholeHours(month, window)) {
        long generation = generations.getOrDefault(hour, 0L);
        long at = CountTable.hourStart(month, hour) / HourlyCounts.HOUR_MILLIS;
        CountTable.Tallied tallied = kept.get(hour);
        if (tallied != null && tallied.generation() == generation) {
          current.add(tallied.tally());
          fromCells[(int) (at - firstHour)] = false;
        } else {
          read.toKeep.put(at, new Hour(carrying.get(month), hour, generation));
        }
      }
    }
    for (ByteBuffer tally : current) {
      read.tweets += tweets(tally);
    }
    read.kept.addAll(current);
    read.toScan = HourlyCounts.runs(fromCells, firstHour, window);
    return read;
  }

  /**
   * The hours' kept tallies, read {@value #HOURS_A_GET} hours a request: 16 days of a 10-million-tweet
   * store's user-post-count tallies (121 MB) took 1.9-2.3 s as one response and 0.4-0.7 s in requests
   * of 24 to 96 hours, one after the other.
   */
  private static Map<Integer, CountTable.Tallied> keptTallies(Table table, TableName indexTable,
      ContentQuery content, List<String> keySet, List<Integer> hours) throws IOException {
    Map<Integer, CountTable.Tallied> kept = new HashMap<>();
    for (int from = 0; from < hours.size(); from += HOURS_A_GET) {
      List<Integer> some = hours.subList(from, Math.min(hours.size(), from + HOURS_A_GET));
      kept.putAll(CountTable.tallies(table.get(CountTable.tallies(indexTable, content.name(), keySet, some))));
    }
    return kept;
  }

  /**
   * Keeps the hours tallied from the cells, each at the generation read before the scan, in requests of
   * at most {@link #MAX_REQUEST_BYTES}.
   */
  void keep(ContentQuery content, List<Meme> memes, Read read) throws IOException {
    if (!read.keeping || read.toKeep.isEmpty()) {
      return;
    }
    List<String> keySet = keySet(memes);
    try (Table table = scanner.connection().getTable(scanner.names().counts())) {
      List<Put> puts = new ArrayList<>();
      long bytes = 0;
      for (Hour hour : read.toKeep.values()) {
        ByteBuffer tally = encode(hour.tallies, hour.tweets);
        if (tally.remaining() > MAX_KEPT_BYTES) {
          continue;
        }
        puts.add(CountTable.put(hour.table, content.name(), keySet,
            Map.of(hour.hour, new CountTable.Tallied(hour.generation, tally))));
        bytes += tally.remaining();
        if (bytes >= MAX_REQUEST_BYTES) {
          table.put(puts);
          puts.clear();
          bytes = 0;
        }
      }
      table.put(puts);
    }
  }

  /** The whole hours of the window in the month, as hours of the month. */
  private static List<Integer> wholeHours(Month month, TimeWindow window) {
    List<Integer> hours = new ArrayList<>();
    long from = Math.max(window.start(), month.startMillis());
    long to = Math.min(window.endExclusive(), month.endMillis());
    long first = Math.floorDiv(from + HourlyCounts.HOUR_MILLIS - 1, HourlyCounts.HOUR_MILLIS) * HourlyCounts.HOUR_MILLIS;
    for (long start = first; start + HourlyCounts.HOUR_MILLIS <= to; start += HourlyCounts.HOUR_MILLIS) {
      hours.add(CountTable.hourOf(month, start));
    }
    return hours;
  }

  /** The memes asked, as a sorted set of {@code =key} and {@code ^prefix}: what the tallies depend on. */
  private static List<String> keySet(List<Meme> memes) {
    return memes.stream().map(m -> (m.isPrefix() ? "^" : "=") + m.indexKey()).sorted().distinct().toList();
  }

  /** The tweets tallied, then each key with its tally. */
  static ByteBuffer encode(Tallies tallies, long tweets) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeLong(tweets);
      out.writeInt(tallies.asMap().size());
      for (Map.Entry<String, Tally> entry : tallies.asMap().entrySet()) {
        Tally tally = entry.getValue();
        out.writeUTF(entry.getKey());
        out.writeLong(tally.count());
        out.writeLong(tally.time());
        out.writeBoolean(tally.label() != null);
        if (tally.label() != null) {
          out.writeUTF(tally.label());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory", e);
    }
    return ByteBuffer.wrap(bytes.toByteArray());
  }

  /** The keys an {@link #encode}d tally holds, read from its head alone. */
  static int size(ByteBuffer tally) {
    return tally.getInt(tally.position() + Long.BYTES);
  }

  /** The tweets an {@link #encode}d tally counted, read from its head alone. */
  static long tweets(ByteBuffer tally) {
    return tally.getLong(tally.position());
  }

  /**
   * One key's tally as {@link #encode} wrote it, the key still as bytes (modified UTF-8) and the label
   * where it lies, read by {@link #label} only if wanted: of the millions of labels a 16-day answer
   * reads, most lose to a later one.
   */
  @FunctionalInterface
  interface Entry {
    /** @param labelAt where the label's length is in {@code bytes}, or {@link #NO_LABEL} */
    void read(byte[] bytes, int keyFrom, int keyLength, long count, long time, int labelAt);
  }

  static final int NO_LABEL = -1;

  /** Hands each key's tally that {@link #encode} wrote to {@code into}; returns the tweets it counted. */
  static long decode(ByteBuffer tally, Entry into) {
    ByteBuffer in = tally.duplicate();
    byte[] bytes = in.array();
    try {
      long tweets = in.getLong();
      int size = in.getInt();
      for (int i = 0; i < size; i++) {
        int length = Short.toUnsignedInt(in.getShort());
        int from = in.arrayOffset() + in.position();
        in.position(in.position() + length);
        long count = in.getLong();
        long time = in.getLong();
        int labelAt = NO_LABEL;
        if (in.get() != 0) {
          labelAt = in.arrayOffset() + in.position();
          in.position(in.position() + 2 + Short.toUnsignedInt(in.getShort(in.position())));
        }
        into.read(bytes, from, length, count, time, labelAt);
      }
      return tweets;
    } catch (BufferUnderflowException | IllegalArgumentException | IndexOutOfBoundsException e) {
      throw new IllegalStateException("a kept tally is cut short", e);
    }
  }

  /** The label {@link #decode} found at {@code labelAt}, or null for {@link #NO_LABEL}. */
  static String label(byte[] bytes, int labelAt) {
    if (labelAt == NO_LABEL) {
      return null;
    }
    return text(bytes, labelAt + 2, (bytes[labelAt] & 0xFF) << 8 | bytes[labelAt + 1] & 0xFF);
  }

  /**
   * What {@link DataOutputStream#writeUTF} wrote (after its length). Ids, edges and screen names are
   * ASCII, which that encoding leaves as it is: those are read as they stand, the rest through
   * {@link DataInputStream}.
   */
  static String text(byte[] bytes, int from, int length) {
    for (int i = from; i < from + length; i++) {
      if (bytes[i] < 0) {
        try {
          return new DataInputStream(new ByteArrayInputStream(bytes, from - 2, length + 2)).readUTF();
        } catch (IOException e) {
          throw new UncheckedIOException("a kept tally holds a malformed key", e);
        }
      }
    }
    return new String(bytes, from, length, StandardCharsets.ISO_8859_1);
  }
}
