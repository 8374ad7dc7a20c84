package org.observatory.schemas.tables;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Table;

/**
 * The hours whose index cells a writer changed, by month, for it to move their generations on in the
 * {@link CountTable} once the cells are stored: a count taken before then is no longer used. An
 * index cell is in the hour its tweet was created. Not thread-safe.
 */
public final class WrittenHours {
  private final Map<Month, SortedSet<Integer>> hours = new TreeMap<>();

  /** The hour of a tweet created then. */
  public void add(long createdAt) {
    Month month = Month.of(createdAt);
    hours.computeIfAbsent(month, m -> new TreeSet<>()).add(CountTable.hourOf(month, createdAt));
  }

  /** Every hour of the month. */
  public void addMonth(Month month) {
    SortedSet<Integer> all = hours.computeIfAbsent(month, m -> new TreeSet<>());
    for (int h = 0; CountTable.hourStart(month, h) < month.endMillis(); h++) {
      all.add(h);
    }
  }

  public void addAll(WrittenHours other) {
    other.hours.forEach((month, hs) -> hours.computeIfAbsent(month, m -> new TreeSet<>()).addAll(hs));
  }

  public boolean isEmpty() {
    return hours.isEmpty();
  }

  /**
   * Moves the generations of the hours on, then forgets them; call once the writes are stored. Without
   * a counts table (a namespace no query version of today has counted in) there is nothing to move.
   */
  public void bump(Connection connection, TableNames names) throws IOException {
    if (hours.isEmpty()) {
      return;
    }
    List<Increment> increments = new ArrayList<>();
    hours.forEach((month, hs) -> increments.add(CountTable.bump(month, hs)));
    try (Table counts = connection.getTable(names.counts())) {
      for (Increment increment : increments) {
        counts.increment(increment);
      }
    } catch (TableNotFoundException e) {
      // nothing was ever counted
    }
    hours.clear();
  }

  /** One line per month: {@code YYYY-MM h h h}. */
  public void writeTo(PrintWriter out) {
    hours.forEach((month, hs) -> {
      StringBuilder line = new StringBuilder(month.toString());
      hs.forEach(h -> line.append(' ').append(h));
      out.println(line);
    });
  }

  /** Adds the hours of lines {@link #writeTo} wrote. */
  public void readFrom(BufferedReader in) throws IOException {
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      String[] parts = line.trim().split(" ");
      if (parts[0].isEmpty()) {
        continue;
      }
      SortedSet<Integer> hs = hours.computeIfAbsent(Month.parse(parts[0]), m -> new TreeSet<>());
      for (int i = 1; i < parts.length; i++) {
        hs.add(Integer.parseInt(parts[i]));
      }
    }
  }
}
