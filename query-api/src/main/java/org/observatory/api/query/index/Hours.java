package org.observatory.api.query.index;

import java.util.ArrayList;
import java.util.List;
import org.observatory.api.query.TimeWindow;
import org.observatory.schemas.tables.CountTable;
import org.observatory.schemas.tables.Month;

/** The hours of a window, as the counts table keeps them: hours since the epoch, and hours of a month. */
public final class Hours {
  public static final long MILLIS = CountTable.HOUR_MILLIS;

  private Hours() {}

  /** The hour since the epoch an instant falls in. */
  static long of(long epochMillis) {
    return Math.floorDiv(epochMillis, MILLIS);
  }

  /** How many hours [from, to) touches. */
  static int touched(long from, long to) {
    return (int) (of(to - 1) - of(from) + 1);
  }

  /** The hours of the month that [from, to) touches, as hours of the month. */
  static List<Integer> touched(Month month, long from, long to) {
    List<Integer> hours = new ArrayList<>();
    long end = Math.min(to, month.endMillis());
    for (long start = of(Math.max(from, month.startMillis())) * MILLIS; start < end; start += MILLIS) {
      hours.add(CountTable.hourOf(month, start));
    }
    return hours;
  }

  /** The hours of the month that lie wholly inside the window, as hours of the month. */
  static List<Integer> whole(Month month, TimeWindow window) {
    List<Integer> hours = new ArrayList<>();
    long end = Math.min(window.endExclusive(), month.endMillis());
    for (long start = of(Math.max(window.start(), month.startMillis()) + MILLIS - 1) * MILLIS; start + MILLIS <= end;
        start += MILLIS) {
      hours.add(CountTable.hourOf(month, start));
    }
    return hours;
  }

  /** Whether the hour lies wholly inside the window. */
  static boolean isWhole(Month month, int hour, TimeWindow window) {
    long start = CountTable.hourStart(month, hour);
    return start >= window.start() && start + MILLIS <= window.endExclusive();
  }

  /** The stretches of consecutive hours marked, from the hour {@code firstHour} on, cut to the window. */
  static List<TimeWindow> runs(boolean[] marked, long firstHour, TimeWindow window) {
    List<TimeWindow> runs = new ArrayList<>();
    for (int i = 0; i < marked.length; i++) {
      if (marked[i]) {
        int j = i;
        while (j + 1 < marked.length && marked[j + 1]) {
          j++;
        }
        runs.add(new TimeWindow(Math.max(window.start(), (firstHour + i) * MILLIS),
            Math.min(window.endExclusive(), (firstHour + j + 1) * MILLIS)));
        i = j;
      }
    }
    return runs;
  }
}
