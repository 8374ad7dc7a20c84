package org.observatory.api.query;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.observatory.schemas.tables.Month;

/**
 * A query's time window [start, endExclusive) in epoch milliseconds, UTC. A tweet is in it when its
 * own creation time is.
 */
public record TimeWindow(long start, long endExclusive) {
  private static final long DAY_MILLIS = 86_400_000L;

  /** Whether a tweet created at this instant is in the window. */
  public boolean contains(long epochMillis) {
    return epochMillis >= start && epochMillis < endExclusive;
  }

  /**
   * Parses ISO-8601 bounds: a date ({@code 2013-08-10}) or a date-time ({@code 2013-08-10T12:00:00Z};
   * without an offset it is UTC). A date as {@code end} includes that whole day; a date-time as
   * {@code end} is the last instant included.
   */
  public static TimeWindow parse(String start, String end, int maxDays) {
    long from = parseInstant("start", start, false);
    long to = parseInstant("end", end, true);
    if (to <= from) {
      throw new BadQueryException("end (" + end + ") is before start (" + start + ")");
    }
    if (to - from > maxDays * DAY_MILLIS) {
      throw new BadQueryException("the window is longer than the maximum of " + maxDays + " days");
    }
    return new TimeWindow(from, to);
  }

  public List<Month> months() {
    return Month.overlapping(start, endExclusive);
  }

  public Instant startInstant() {
    return Instant.ofEpochMilli(start);
  }

  public Instant endInstant() {
    return Instant.ofEpochMilli(endExclusive);
  }

  private static long parseInstant(String name, String value, boolean isEnd) {
    if (value == null || value.isBlank()) {
      throw new BadQueryException("missing parameter '" + name + "' (an ISO-8601 date or date-time, UTC)");
    }
    String v = value.strip();
    try {
      if (v.length() == 10) {
        LocalDate day = LocalDate.parse(v);
        return (isEnd ? day.plusDays(1) : day).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
      }
      long instant = hasOffset(v)
          ? OffsetDateTime.parse(v).toInstant().toEpochMilli()
          : LocalDateTime.parse(v).toInstant(ZoneOffset.UTC).toEpochMilli();
      return isEnd ? instant + 1 : instant;
    } catch (DateTimeParseException e) {
      throw new BadQueryException("'" + name + "' is not an ISO-8601 date or date-time: " + value);
    }
  }

  private static boolean hasOffset(String v) {
    int time = v.indexOf('T');
    return v.endsWith("Z") || (time > 0 && (v.indexOf('+', time) > 0 || v.indexOf('-', time) > 0));
  }
}
