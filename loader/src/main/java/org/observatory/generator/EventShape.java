package org.observatory.generator;

/**
 * The volume of a 16-day event hashtag, shaped like the #euro2012 series: a low background, two
 * match-time bursts on most days (16:00 and 18:45 UTC, each about an hour and a half), growing towards
 * the final on the last day, and nothing outside the 16 days.
 */
final class EventShape {
  static final int DAYS = 16;
  private static final double[] MATCH_HOURS = {16.0, 18.75};
  private static final double BURST_HOURS = 0.75;

  private final long startMillis;

  EventShape(long startMillis) {
    this.startMillis = startMillis;
  }

  /** Extra event tweets per ordinary tweet at an instant: 0 outside the event, up to ~10 at the final. */
  double intensity(long millis) {
    double hours = (millis - startMillis) / 3_600_000.0;
    if (hours < 0 || hours >= DAYS * 24) {
      return 0;
    }
    int day = (int) (hours / 24);
    double hourOfDay = hours - day * 24;
    double growth = 1 + 2.0 * day / (DAYS - 1); // the knock-out stage draws more than the group stage
    double burst = 0;
    boolean restDay = day % 4 == 3 && day < DAYS - 1;
    if (!restDay) {
      for (double match : MATCH_HOURS) {
        double d = (hourOfDay - match - 1) / BURST_HOURS; // peaks about an hour into a match
        burst += Math.exp(-d * d / 2);
      }
    }
    return 0.05 * growth + 3.0 * growth * burst;
  }
}
