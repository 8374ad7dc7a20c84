package org.observatory.generator;

/** What a generation wrote. */
public final class GenerationCounts {
  public long lines;
  public long statuses;
  public long retweets;
  public long replies;
  public long quotes;
  public long deletes;
  public long malformed;

  @Override
  public String toString() {
    return "lines=" + lines + " statuses=" + statuses + " retweets=" + retweets + " replies=" + replies
        + " quotes=" + quotes + " deleteNotices=" + deletes + " malformed=" + malformed;
  }
}
