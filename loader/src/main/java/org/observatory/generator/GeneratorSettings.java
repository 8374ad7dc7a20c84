package org.observatory.generator;

import java.time.LocalDate;

/**
 * What to generate. Every choice is drawn from a random sequence seeded by {@code seed}: the same
 * settings always give the same files.
 *
 * @param eventStart the first of the event hashtag's 16 days, or null for no event
 * @param malformedShare share of lines that are cut-off JSON
 */
public record GeneratorSettings(
    long seed,
    LocalDate firstDay,
    int days,
    int tweetsPerDay,
    int users,
    int hashtags,
    String eventHashtag,
    LocalDate eventStart,
    double retweetShare,
    double replyShare,
    double quoteShare,
    double deleteShare,
    double malformedShare) {

  /**
   * A month of tweets with a 16-day event starting on its 8th day; retweets, replies and quotes in about
   * the real days' shares.
   */
  public static GeneratorSettings defaults(LocalDate firstDay, int days, int tweetsPerDay) {
    return new GeneratorSettings(2012L, firstDay, days, tweetsPerDay, 2_000_000, 30_000, "euro2012",
        firstDay.plusDays(7), 0.30, 0.18, 0.03, 0.04, 0.0005);
  }

  public GeneratorSettings withSeed(long newSeed) {
    return new GeneratorSettings(newSeed, firstDay, days, tweetsPerDay, users, hashtags, eventHashtag, eventStart,
        retweetShare, replyShare, quoteShare, deleteShare, malformedShare);
  }

  public GeneratorSettings withEventStart(LocalDate start) {
    return new GeneratorSettings(seed, firstDay, days, tweetsPerDay, users, hashtags, eventHashtag, start,
        retweetShare, replyShare, quoteShare, deleteShare, malformedShare);
  }

  public GeneratorSettings withMalformedShare(double share) {
    return new GeneratorSettings(seed, firstDay, days, tweetsPerDay, users, hashtags, eventHashtag, eventStart,
        retweetShare, replyShare, quoteShare, deleteShare, share);
  }
}
