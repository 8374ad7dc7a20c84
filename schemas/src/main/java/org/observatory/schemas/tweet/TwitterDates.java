package org.observatory.schemas.tweet;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/** Twitter's {@code created_at} format: {@code Wed Sep 28 02:35:11 +0000 2011}. */
public final class TwitterDates {
  private static final DateTimeFormatter CREATED_AT =
      DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss Z yyyy", Locale.ENGLISH);

  private TwitterDates() {}

  /** Epoch milliseconds of a {@code created_at} value. */
  public static long parse(String createdAt) throws MalformedTweetException {
    try {
      return ZonedDateTime.parse(createdAt, CREATED_AT).toInstant().toEpochMilli();
    } catch (DateTimeParseException e) {
      throw new MalformedTweetException("bad created_at: " + createdAt, e);
    }
  }
}
