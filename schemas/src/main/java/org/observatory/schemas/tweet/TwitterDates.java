package org.observatory.schemas.tweet;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;

/**
 * Twitter's {@code created_at} format: {@code Wed Sep 28 02:35:11 +0000 2011}. Every value is read by
 * position first, since the formatter took 4 % of the stream daemon's indexing thread; a value it
 * cannot read that way goes to the formatter, which says what is wrong with it.
 */
public final class TwitterDates {
  private static final DateTimeFormatter CREATED_AT =
      DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss Z yyyy", Locale.ENGLISH);
  private static final List<String> DAYS = List.of("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun");
  private static final List<String> MONTHS =
      List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec");
  private static final String LAYOUT = "Www Mmm dd hh:mm:ss +hhmm yyyy";
  static final long UNREAD = Long.MIN_VALUE;

  private TwitterDates() {}

  /** Epoch milliseconds of a {@code created_at} value. */
  public static long parse(String createdAt) throws MalformedTweetException {
    long millis = byPosition(createdAt);
    if (millis != UNREAD) {
      return millis;
    }
    try {
      return ZonedDateTime.parse(createdAt, CREATED_AT).toInstant().toEpochMilli();
    } catch (DateTimeParseException e) {
      throw new MalformedTweetException("bad created_at: " + createdAt, e);
    }
  }

  /** The {@code created_at} of an instant (epoch milliseconds, UTC), to the second. */
  public static String format(long epochMillis) {
    return CREATED_AT.format(java.time.Instant.ofEpochMilli(epochMillis).atZone(ZoneOffset.UTC));
  }

  /** The value read by its fixed positions, or {@link #UNREAD} when it is not a valid one laid out so. */
  static long byPosition(String s) {
    if (s.length() != LAYOUT.length()) {
      return UNREAD;
    }
    for (int i = 0; i < LAYOUT.length(); i++) {
      char expected = LAYOUT.charAt(i);
      if ((expected == ' ' || expected == ':') && s.charAt(i) != expected) {
        return UNREAD;
      }
    }
    int weekday = DAYS.indexOf(s.substring(0, 3)) + 1;
    int month = MONTHS.indexOf(s.substring(4, 7)) + 1;
    char sign = s.charAt(20);
    int day = digits(s, 8, 2);
    int hour = digits(s, 11, 2);
    int minute = digits(s, 14, 2);
    int second = digits(s, 17, 2);
    int offsetHours = digits(s, 21, 2);
    int offsetMinutes = digits(s, 23, 2);
    int year = digits(s, 26, 4);
    if (weekday == 0 || month == 0 || (sign != '+' && sign != '-')
        || (day | hour | minute | second | offsetHours | offsetMinutes | year) < 0) {
      return UNREAD;
    }
    try {
      LocalDate date = LocalDate.of(year, month, day);
      if (date.getDayOfWeek().getValue() != weekday) {
        return UNREAD;
      }
      int direction = sign == '-' ? -1 : 1;
      ZoneOffset offset = ZoneOffset.ofHoursMinutes(direction * offsetHours, direction * offsetMinutes);
      return LocalDateTime.of(date, LocalTime.of(hour, minute, second)).toInstant(offset).toEpochMilli();
    } catch (DateTimeException e) {
      return UNREAD;
    }
  }

  /** The decimal number in {@code s} at {@code from}, or -1 when a character there is not a digit. */
  private static int digits(String s, int from, int count) {
    int value = 0;
    for (int i = from; i < from + count; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }
}
