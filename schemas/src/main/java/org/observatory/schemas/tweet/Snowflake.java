package org.observatory.schemas.tweet;

import java.util.OptionalLong;

/**
 * Twitter's snowflake ids (since November 2010): milliseconds since the snowflake epoch, shifted left
 * 22 bits, so an id tells when its tweet was posted. Earlier ids were a plain sequence below 3·10^10.
 */
public final class Snowflake {
  public static final long EPOCH_MILLIS = 1288834974657L;
  private static final int TIME_SHIFT = 22;
  /** Every pre-snowflake id is below this; every snowflake id (a minute after the epoch on) above it. */
  private static final long FIRST_ID = 1L << 40;

  private Snowflake() {}

  /** The id's time, or empty for a pre-snowflake id. */
  public static OptionalLong millis(long id) {
    return id < FIRST_ID ? OptionalLong.empty() : OptionalLong.of((id >> TIME_SHIFT) + EPOCH_MILLIS);
  }

  /**
   * Whether the id tells this creation time (epoch milliseconds, whole seconds as {@code created_at}
   * has them): true for a snowflake id whose second it is.
   */
  public static boolean tells(long id, long createdAt) {
    OptionalLong millis = millis(id);
    return millis.isPresent() && second(millis.getAsLong()) == createdAt;
  }

  /** The creation time (whole seconds, as {@code created_at}) of a tweet with this snowflake id. */
  public static long createdAt(long id) {
    return second((id >> TIME_SHIFT) + EPOCH_MILLIS);
  }

  private static long second(long millis) {
    return Math.floorDiv(millis, 1000) * 1000;
  }

  /** The smallest id a tweet posted at this time can have. */
  public static long firstIdAt(long epochMillis) {
    return (epochMillis - EPOCH_MILLIS) << TIME_SHIFT;
  }
}
