package org.observatory.schemas.bluesky;

import java.util.OptionalLong;

/**
 * Timestamp identifiers, the record keys of posts and reposts: 13 characters of base32-sortable, a
 * 53-bit microsecond timestamp then a 10-bit clock id. The client makes them, so the time is what the
 * client's clock said, not when the network saw the record.
 */
public final class Tid {
  private static final String ALPHABET = "234567abcdefghijklmnopqrstuvwxyz";
  private static final int LENGTH = 13;
  /** Characters of the timestamp; the last two are the clock id. */
  private static final int TIME_CHARS = 11;

  private Tid() {}

  /** The microseconds a TID tells, or empty when the key is not a TID. */
  public static OptionalLong micros(String rkey) {
    if (rkey == null || rkey.length() != LENGTH) {
      return OptionalLong.empty();
    }
    long micros = 0;
    for (int i = 0; i < LENGTH; i++) {
      int digit = ALPHABET.indexOf(rkey.charAt(i));
      if (digit < 0 || (i == 0 && digit >= 8)) { // 53 bits of time in 11 characters of 5
        return OptionalLong.empty();
      }
      if (i < TIME_CHARS) {
        micros = (micros << 5) | digit;
      }
    }
    return OptionalLong.of(micros);
  }
}
