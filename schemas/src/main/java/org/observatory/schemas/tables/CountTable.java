package org.observatory.schemas.tables;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The one owner of the hourly counts' cells ({@code observatory:counts}, one table for all months).
 * Queries keep there how many distinct tweets a set of index keys held in each hour; every write to a
 * month's index cells moves the generation of the hours it wrote on, so that a count is used only
 * while its hour's generation is still the one it was counted at. Counting again gives the same
 * number, so reloads stay exact, and an erased tweet moves its hour on like any write.
 *
 * <ul>
 *   <li>Generations: row {@code g/YYYY-MM}, family {@code g}, qualifier the hour of the month (2 bytes),
 *       value a counter that writers increment. Never expire.
 *   <li>Counts: row {@code n/TABLE/SHA-256 of the key set}, family {@code n}, qualifier the hour of the
 *       month, value the count and the generation it was counted at (8 + 8 bytes). They expire after
 *       {@link #COUNT_DAYS} days unwritten (unused key sets would pile up). A key set is its keys
 *       {@link #spelled} {@code =key} or {@code ^prefix}, sorted, each followed by a 0 byte.
 *   <li>Tallies: row {@code t/TABLE/SHA-256 of the query's name and the key set}, family {@code n},
 *       qualifier the hour of the month, value the generation it was tallied at (8 bytes) and what the
 *       query kept (its own encoding). They expire as counts do. Top-N keeps its key counts as the
 *       query {@code hourly-key-tallies} over the one key of its prefix, unspelled.
 * </ul>
 *
 * <p>STORED FORMAT. Changing a row's layout or a value's widths makes old counts unreadable: change the
 * row prefixes with them so that old cells are merely never read.
 */
public final class CountTable {
  public static final byte[] GENERATIONS = Bytes.toBytes("g");
  public static final byte[] COUNTS = Bytes.toBytes("n");
  /** How long a count nobody wrote again is kept. */
  public static final int COUNT_DAYS = 30;
  public static final long HOUR_MILLIS = 3_600_000L;
  /**
   * The name top-N's kept hours go under: the tallies of every key under a prefix (counts and names;
   * renamed from {@code hourly-keys} when names joined, so that hours kept as counts alone are never misread).
   */
  private static final String HOURLY_KEYS = "hourly-key-tallies";

  private CountTable() {}

  /** The hour of its month an instant falls in, from 0. */
  public static int hourOf(Month month, long epochMillis) {
    return (int) ((epochMillis - month.startMillis()) / HOUR_MILLIS);
  }

  /** When an hour of a month starts. */
  public static long hourStart(Month month, int hour) {
    return month.startMillis() + hour * HOUR_MILLIS;
  }

  /** Moves the generation of each of these hours of the month on. */
  public static Increment bump(Month month, Collection<Integer> hours) {
    Increment increment = new Increment(generationRow(month));
    hours.forEach(h -> increment.addColumn(GENERATIONS, hour(h), 1));
    return increment;
  }

  /** The generations of a month's hours; {@link #generations(Result)} reads them. */
  public static Get generations(Month month) {
    return new Get(generationRow(month)).addFamily(GENERATIONS);
  }

  /** Hour → generation; an hour never written has generation 0 and is absent. */
  public static Map<Integer, Long> generations(Result row) {
    Map<Integer, Long> generations = new HashMap<>();
    for (Cell cell : row.rawCells()) {
      generations.put(hour(cell), Bytes.toLong(cell.getValueArray(), cell.getValueOffset()));
    }
    return generations;
  }

  /** How a key of a key set is spelled in its row's digest: {@code =key}, or {@code ^prefix} for a prefix. */
  public static String spelled(String key, boolean prefix) {
    return (prefix ? "^" : "=") + key;
  }

  /**
   * A row of kept hours, and how its values are laid out: the counts of a key set (the count, then the
   * generation), or what a query kept over one (the generation, then the query's own bytes).
   */
  public record Slot(byte[] row, boolean countFirst) {}

  /** The counts of a set of {@link #spelled} keys in one index table. */
  public static Slot counts(TableName indexTable, Collection<String> keySet) {
    return new Slot(digestRow("n/", indexTable, sorted(keySet)), true);
  }

  /** What a query kept over a set of {@link #spelled} keys in one index table. */
  public static Slot tallies(TableName indexTable, String query, Collection<String> keySet) {
    List<String> named = new ArrayList<>();
    named.add(query);
    named.addAll(sorted(keySet));
    return new Slot(digestRow("t/", indexTable, named), false);
  }

  /** The counts of each key under a prefix of an hourly index (its rows' keys after the hour's stamp). */
  public static Slot keyCounts(TableName indexTable, String prefix) {
    return new Slot(digestRow("t/", indexTable, List.of(HOURLY_KEYS, prefix)), false);
  }

  /** Those hours of a slot; {@link #kept} reads them. */
  public static Get get(Slot slot, Collection<Integer> hours) {
    Get get = new Get(slot.row());
    hours.forEach(h -> get.addColumn(COUNTS, hour(h)));
    return get;
  }

  /** One hour's value, with the generation its hour had when it was computed. */
  public record Kept(long generation, ByteBuffer value) {}

  /** Hour → what was kept. */
  public static Map<Integer, Kept> kept(Slot slot, Result row) {
    Map<Integer, Kept> kept = new HashMap<>();
    for (Cell cell : row.rawCells()) {
      ByteBuffer value = ByteBuffer.wrap(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
      if (slot.countFirst()) {
        kept.put(hour(cell), new Kept(value.getLong(value.position() + Long.BYTES), value.slice().limit(Long.BYTES)));
      } else {
        kept.put(hour(cell), new Kept(value.getLong(), value.slice()));
      }
    }
    return kept;
  }

  /** Keeps some hours' values in a slot. */
  public static Put put(Slot slot, Map<Integer, Kept> kept) {
    Put put = new Put(slot.row());
    kept.forEach((h, k) -> {
      ByteBuffer value = ByteBuffer.allocate(Long.BYTES + k.value().remaining());
      if (slot.countFirst()) {
        value.put(k.value().duplicate()).putLong(k.generation());
      } else {
        value.putLong(k.generation()).put(k.value().duplicate());
      }
      put.addColumn(COUNTS, hour(h), value.array());
    });
    return put;
  }

  private static List<String> sorted(Collection<String> keySet) {
    return keySet.stream().sorted().distinct().toList();
  }

  private static byte[] generationRow(Month month) {
    return Bytes.toBytes("g/" + month);
  }

  /**
   * A row's name: the table's and a digest of the keys in order, so that any number of keys of any
   * length make a row of one size.
   */
  private static byte[] digestRow(String prefix, TableName indexTable, List<String> keySet) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String key : keySet) {
        sha.update(key.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      return Bytes.add(Bytes.toBytes(prefix + indexTable.getQualifierAsString() + "/"), sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private static byte[] hour(int hour) {
    return Bytes.toBytes((short) hour);
  }

  private static int hour(Cell cell) {
    return Bytes.toShort(cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength());
  }
}
