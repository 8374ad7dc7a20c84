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
 *       {@link #COUNT_DAYS} days unwritten (unused key sets would pile up).
 *   <li>Tallies: row {@code t/TABLE/SHA-256 of the query's name and the key set}, family {@code n},
 *       qualifier the hour of the month, value the generation it was tallied at (8 bytes) and what the
 *       query kept (its own encoding). They expire as counts do.
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
  private static final long HOUR_MILLIS = 3_600_000L;

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

  /**
   * The counts of a set of keys (each with whether it is a prefix) in one index table; {@link
   * #counts(Result)} reads them.
   */
  public static Get counts(TableName indexTable, List<String> keySet) {
    return new Get(countRow(indexTable, keySet)).addFamily(COUNTS);
  }

  /** One count, with the generation its hour had when counting began. */
  public record Count(long count, long generation) {}

  /** Hour → count. */
  public static Map<Integer, Count> counts(Result row) {
    Map<Integer, Count> counts = new HashMap<>();
    for (Cell cell : row.rawCells()) {
      ByteBuffer value = ByteBuffer.wrap(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
      counts.put(hour(cell), new Count(value.getLong(), value.getLong()));
    }
    return counts;
  }

  /** Keeps the counts of some hours of a key set in one index table. */
  public static Put put(TableName indexTable, List<String> keySet, Map<Integer, Count> counts) {
    Put put = new Put(countRow(indexTable, keySet));
    counts.forEach((h, c) -> put.addColumn(COUNTS, hour(h),
        ByteBuffer.allocate(16).putLong(c.count()).putLong(c.generation()).array()));
    return put;
  }

  /**
   * What a query tallied over a set of keys in some hours of one index table; {@link #tallies(Result)}
   * reads them.
   */
  public static Get tallies(TableName indexTable, String query, List<String> keySet, Collection<Integer> hours) {
    Get get = new Get(tallyRow(indexTable, query, keySet));
    hours.forEach(h -> get.addColumn(COUNTS, hour(h)));
    return get;
  }

  /** One hour's tally as the query encoded it, with the generation its hour had when tallying began. */
  public record Tallied(long generation, ByteBuffer tally) {}

  /** Hour → tally. */
  public static Map<Integer, Tallied> tallies(Result row) {
    Map<Integer, Tallied> tallies = new HashMap<>();
    for (Cell cell : row.rawCells()) {
      ByteBuffer value = ByteBuffer.wrap(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
      tallies.put(hour(cell), new Tallied(value.getLong(), value.slice()));
    }
    return tallies;
  }

  /** Keeps the tallies of some hours of a query over a key set in one index table. */
  public static Put put(TableName indexTable, String query, List<String> keySet, Map<Integer, Tallied> tallies) {
    Put put = new Put(tallyRow(indexTable, query, keySet));
    tallies.forEach((h, t) -> put.addColumn(COUNTS, hour(h),
        ByteBuffer.allocate(8 + t.tally().remaining()).putLong(t.generation()).put(t.tally().duplicate()).array()));
    return put;
  }

  private static byte[] generationRow(Month month) {
    return Bytes.toBytes("g/" + month);
  }

  /**
   * A key set's row: the table's name and a digest of the keys in order, so that any number of keys of
   * any length make a row of one size.
   */
  private static byte[] countRow(TableName indexTable, List<String> keySet) {
    return digestRow("n/", indexTable, keySet);
  }

  private static byte[] tallyRow(TableName indexTable, String query, List<String> keySet) {
    List<String> named = new ArrayList<>();
    named.add(query);
    named.addAll(keySet);
    return digestRow("t/", indexTable, named);
  }

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
