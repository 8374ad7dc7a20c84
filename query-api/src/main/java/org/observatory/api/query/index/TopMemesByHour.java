package org.observatory.api.query.index;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.tally.Tally;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.KeyRule;
import org.observatory.schemas.tables.CountTable;
import org.observatory.schemas.tables.IndexTable;
import org.observatory.schemas.tables.Month;

/**
 * How many tweets each key of one kind (the rows after one prefix) of an hourly index held in each
 * segment of a stretch of time (top-memes): each whole hour's counts from the {@link HourCache} while
 * they stand, from the hour's rows elsewhere, whose whole hours are then kept. So once an hour has been
 * asked its cost is its distinct keys, not its tweets. Thread-safe.
 */
public final class TopMemesByHour {
  /** Each key with its tally: empty when a key is too long to write this way (the hour is not kept). */
  private static final HourCache.Codec<Map<String, Tally>> KEY_TALLIES = new HourCache.Codec<>() {
    @Override
    public Optional<ByteBuffer> encode(Map<String, Tally> tallies) {
      return TopMemesByHour.encode(tallies);
    }

    @Override
    public Map<String, Tally> decode(ByteBuffer kept) {
      Map<String, Tally> tallies = new HashMap<>();
      TopMemesByHour.decode(kept, tallies);
      return tallies;
    }
  };
  /** Hours a scan reads, one row range each: a day, so that long windows are read concurrently. */
  private static final int HOURS_PER_SCAN = 24;
  private static final int CELLS_PER_RESULT = 10_000;
  private static final int STAMP_LENGTH = IndexDefinition.hourStamp(0).length();
  /** A tweet under a key whose cell names nothing. */
  private static final Tally UNNAMED = new Tally(1, 0, null);

  private final IndexScanner scanner;
  private final HourCache<Map<String, Tally>> cache;

  public TopMemesByHour(IndexScanner scanner) {
    this.scanner = scanner;
    // a lambda, not scanner::countsTable: an engine made without a scanner (the catalogue's) never reads
    this.cache = new HourCache<>(() -> scanner.countsTable(), KEY_TALLIES, Integer.MAX_VALUE);
  }

  /**
   * Key → its tweets, labelled with the name the latest of them carried (if the rule's cells carry
   * one), for each segment [bounds[i], bounds[i + 1]); the months read, those left out, and how many
   * hours were read from the index rows rather than kept tallies.
   */
  public record Counted(List<Map<String, Tally>> perSegment, List<Month> months, List<QueryResult.Skipped> skipped,
      long hoursFromRows) {
    /** Key → tweets for each segment. */
    public List<Map<String, Long>> counts() {
      return perSegment.stream().map(Counted::counts).toList();
    }

    private static Map<String, Long> counts(Map<String, Tally> tallies) {
      Map<String, Long> counts = new HashMap<>();
      tallies.forEach((key, tally) -> counts.put(key, tally.count()));
      return counts;
    }
  }

  /** An hour of a month to read from its rows; a whole one (inside one segment) is kept once read. */
  private record Piece(Month month, TableName table, int hour, boolean whole, long generation) {}

  /** What a scan of some hours found: each whole hour's tallies, and the other hours' by segment. */
  private record Scanned(Map<Piece, Map<String, Tally>> wholeHours, Map<Integer, Map<String, Tally>> bySegment) {}

  /** The keys of one kind: the rows after the prefix of an hourly index's rule, perhaps named by a field its cells carry. */
  public record Kind(String index, KeyRule rule, String nameField) {
    String prefix() {
      return rule.prefix();
    }
  }

  /** @param bounds instants in increasing order, at least two */
  public Counted count(Kind kind, long[] bounds) throws IOException {
    String index = kind.index();
    String prefix = kind.prefix();
    TimeWindow span = new TimeWindow(bounds[0], bounds[bounds.length - 1]);
    IndexPlanner.Plan plan = scanner.plan(index, span);
    List<Map<String, Tally>> segments = new ArrayList<>();
    for (int s = 0; s + 1 < bounds.length; s++) {
      segments.add(new HashMap<>());
    }
    List<Piece> toRead = read(plan, prefix, bounds, segments);
    List<Callable<Scanned>> scans = new ArrayList<>();
    for (int from = 0, to; from < toRead.size(); from = to) {
      Month month = toRead.get(from).month();
      to = from + 1;
      while (to < toRead.size() && to - from < HOURS_PER_SCAN && toRead.get(to).month().equals(month)) {
        to++; // a scan reads one month's table
      }
      List<Piece> part = toRead.subList(from, to);
      Optional<CarriedField> name = kind.nameField() == null ? Optional.empty()
          : CarriedField.of(plan.sources().get(month), kind.rule().field(), kind.nameField());
      scans.add(() -> scan(index, part, prefix, name, bounds));
    }
    Map<Piece, Map<String, Tally>> toKeep = new HashMap<>();
    for (Scanned scanned : scanner.inParallel(scans, "the hourly key scans")) {
      scanned.wholeHours().forEach((piece, counts) -> {
        addAll(counts, segments.get(segmentOf(bounds, CountTable.hourStart(piece.month(), piece.hour()))));
        toKeep.put(piece, counts);
      });
      scanned.bySegment().forEach((segment, counts) -> addAll(counts, segments.get(segment)));
    }
    keep(prefix, toKeep);
    return new Counted(segments, List.copyOf(plan.sources().keySet()), plan.skipped(), toRead.size());
  }

  /**
   * Adds the kept counts of every whole hour that stand to its segment; the hours left are to be read
   * from the rows, in order.
   */
  private List<Piece> read(IndexPlanner.Plan plan, String prefix, long[] bounds, List<Map<String, Tally>> segments)
      throws IOException {
    List<Month> months = new ArrayList<>(plan.sources().keySet());
    List<HourCache.Wanted> wanted = new ArrayList<>();
    for (Month month : months) {
      wanted.add(new HourCache.Wanted(month, CountTable.keyCounts(plan.sources().get(month).table(), prefix),
          hours(month, bounds).stream().filter(h -> isWhole(month, h, bounds)).toList()));
    }
    HourCache.Held<Map<String, Tally>> held = cache.read(wanted);
    List<Piece> toRead = new ArrayList<>();
    for (int m = 0; m < months.size(); m++) {
      Month month = months.get(m);
      for (int hour : hours(month, bounds)) {
        boolean whole = isWhole(month, hour, bounds);
        Map<String, Tally> kept = whole ? held.standing(m, hour) : null;
        if (kept != null) {
          addAll(kept, segments.get(segmentOf(bounds, CountTable.hourStart(month, hour))));
        } else {
          toRead.add(new Piece(month, plan.sources().get(month).table(), hour, whole && held.keeping(),
              held.generation(month, hour)));
        }
      }
    }
    return toRead;
  }

  /** The hours of the month the bounds touch, as hours of the month. */
  private static List<Integer> hours(Month month, long[] bounds) {
    return Hours.touched(month, bounds[0], bounds[bounds.length - 1]);
  }

  /** Whether the hour lies inside one segment. */
  private static boolean isWhole(Month month, int hour, long[] bounds) {
    long start = CountTable.hourStart(month, hour);
    long end = start + Hours.MILLIS;
    return start >= bounds[0] && end <= bounds[bounds.length - 1]
        && segmentOf(bounds, start) == segmentOf(bounds, end - 1);
  }

  /** The segment an instant inside the bounds falls in. */
  private static int segmentOf(long[] bounds, long instant) {
    int at = Arrays.binarySearch(bounds, instant);
    return at >= 0 ? at : -at - 2;
  }

  /** The rows of these hours (of one month) under the prefix, one range each, in one scan; values only to name keys. */
  private Scanned scan(String index, List<Piece> pieces, String prefix, Optional<CarriedField> name, long[] bounds)
      throws IOException {
    Month month = pieces.get(0).month();
    List<MultiRowRangeFilter.RowRange> ranges = new ArrayList<>();
    Map<Long, Piece> byHourStart = new HashMap<>();
    for (Piece piece : pieces) {
      long start = CountTable.hourStart(month, piece.hour());
      byte[] first = Bytes.toBytes(IndexDefinition.hourStamp(start) + prefix);
      ranges.add(new MultiRowRangeFilter.RowRange(first, true, afterPrefix(first), false));
      byHourStart.put(start, piece);
    }
    MultiRowRangeFilter rows = new MultiRowRangeFilter(ranges);
    Scan scan = new Scan().addFamily(IndexTable.FAMILY).setBatch(CELLS_PER_RESULT)
        .setFilter(name.isPresent() ? rows : new FilterList(rows, new KeyOnlyFilter()));
    int keyFrom = STAMP_LENGTH + Bytes.toBytes(prefix).length;
    TableName table = pieces.get(0).table();
    try {
      return read(table, scan, keyFrom, name, bounds, byHourStart);
    } catch (TableNotFoundException | TableNotEnabledException e) { // a rebuild retired the table planned
      Optional<TableName> now = scanner.current(index, month);
      return now.isPresent() && !now.get().equals(table) ? read(now.get(), scan, keyFrom, name, bounds, byHourStart)
          : new Scanned(Map.of(), Map.of()); // the month's tables were dropped
    }
  }

  private Scanned read(TableName table, Scan scan, int keyFrom, Optional<CarriedField> name, long[] bounds,
      Map<Long, Piece> byHourStart) throws IOException {
    Scanned into = new Scanned(new HashMap<>(), new HashMap<>());
    byHourStart.values().stream().filter(Piece::whole).forEach(p -> into.wholeHours().put(p, new HashMap<>()));
    try (Table t = scanner.connection().getTable(table); ResultScanner rows = t.getScanner(scan)) {
      for (Result result : rows) {
        byte[] row = result.getRow();
        String key = Bytes.toString(row, keyFrom, row.length - keyFrom);
        for (Cell cell : result.rawCells()) {
          long createdAt = IndexTable.createdAt(cell);
          if (createdAt < bounds[0] || createdAt >= bounds[bounds.length - 1]) {
            continue;
          }
          Piece piece = byHourStart.get(Hours.of(createdAt) * Hours.MILLIS);
          Map<String, Tally> tallies = piece != null && piece.whole()
              ? into.wholeHours().computeIfAbsent(piece, p -> new HashMap<>())
              : into.bySegment().computeIfAbsent(segmentOf(bounds, createdAt), s -> new HashMap<>());
          String label = name.map(n -> n.read(cell)).orElse(null);
          tallies.merge(key, label == null ? UNNAMED : Tally.one(createdAt, label), Tally::merge);
        }
      }
      return into;
    } catch (UncheckedIOException e) { // how the scanner's iterator reports failures
      throw e.getCause();
    }
  }

  /** The first row after every row that starts with these bytes. */
  private static byte[] afterPrefix(byte[] prefix) {
    for (int i = prefix.length - 1; i >= 0; i--) {
      if (prefix[i] != (byte) 0xFF) {
        byte[] next = Arrays.copyOf(prefix, i + 1);
        next[i]++;
        return next;
      }
    }
    return new byte[0]; // all 0xFF: to the end of the table
  }

  /** Keeps the whole hours just read (an empty hour too: it is known), each at the generation read before. */
  private void keep(String prefix, Map<Piece, Map<String, Tally>> read) throws IOException {
    List<HourCache.ToKeep<Map<String, Tally>>> toKeep = new ArrayList<>();
    read.forEach((piece, counts) -> toKeep.add(new HourCache.ToKeep<>(CountTable.keyCounts(piece.table(), prefix),
        piece.hour(), piece.generation(), counts)));
    cache.keep(toKeep);
  }

  /**
   * Each key with its count, and, when any is named, each one's name (empty for none) and its time;
   * empty when a key or name is too long to write this way (the hour is not kept).
   */
  static Optional<ByteBuffer> encode(Map<String, Tally> tallies) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    boolean named = tallies.values().stream().anyMatch(t -> t.label() != null);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(tallies.size());
      out.writeBoolean(named);
      for (Map.Entry<String, Tally> entry : tallies.entrySet()) {
        out.writeUTF(entry.getKey());
        out.writeLong(entry.getValue().count());
        if (named) {
          out.writeUTF(java.util.Objects.requireNonNullElse(entry.getValue().label(), ""));
          out.writeLong(entry.getValue().time());
        }
      }
    } catch (UTFDataFormatException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory", e);
    }
    return Optional.of(ByteBuffer.wrap(bytes.toByteArray()));
  }

  /** Adds what {@link #encode} wrote to the tallies. */
  static void decode(ByteBuffer kept, Map<String, Tally> into) {
    byte[] bytes = new byte[kept.remaining()];
    kept.duplicate().get(bytes);
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      int size = in.readInt();
      boolean named = in.readBoolean();
      for (int i = 0; i < size; i++) {
        String key = in.readUTF();
        long count = in.readLong();
        String label = named ? in.readUTF() : "";
        long time = named ? in.readLong() : 0;
        into.merge(key, new Tally(count, time, label.isEmpty() ? null : label), Tally::merge);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("a kept hour is cut short", e);
    }
  }

  private static void addAll(Map<String, Tally> from, Map<String, Tally> into) {
    from.forEach((key, tally) -> into.merge(key, tally, Tally::merge));
  }
}
