package org.observatory.generator;

import java.util.ArrayList;
import java.util.List;

/**
 * A group of accounts that push the event together, as an influence campaign does: every hour of the
 * event they all retweet the newest tweet within seconds of each other, and every three hours they all
 * post the same link under the same hashtags at once. It is the planted truth coordinated-accounts
 * should find, by each of its traces; the rest of the stream acts independently.
 */
final class Campaign {
  /** Its accounts take the ranks after the stream's own, so no ordinary poster is one of them. */
  static final int ACCOUNTS = 12;
  /** The hashtag its posts carry beside the event's. */
  static final String HASHTAG = "euro2012live";
  private static final int RETWEET_EVERY_MINUTES = 60;
  private static final int POST_EVERY_MINUTES = 180;

  /**
   * One account's act: a retweet of the push's tweet, or the push's post.
   *
   * @param push which push this is, the same for every account's act in it
   */
  record Act(long time, int account, boolean retweet, long push) {}

  private Campaign() {}

  /** What the campaign does in the minute starting at {@code minuteStart}, in time order; nothing outside the event. */
  static List<Act> during(long minuteStart, double eventIntensity) {
    long minute = minuteStart / 60_000;
    boolean retweet = minute % RETWEET_EVERY_MINUTES == 0;
    boolean post = minute % POST_EVERY_MINUTES == POST_EVERY_MINUTES / 2;
    if (eventIntensity <= 0 || !(retweet || post)) {
      return List.of();
    }
    List<Act> acts = new ArrayList<>(ACCOUNTS);
    for (int account = 0; account < ACCOUNTS; account++) { // a few seconds apart: one after another
      acts.add(new Act(minuteStart + 2_000L + 3_000L * account, account, retweet, minute));
    }
    return acts;
  }
}
