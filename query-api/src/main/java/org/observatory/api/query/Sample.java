package org.observatory.api.query;

/**
 * A deterministic sample of tweets, chosen by a hash of their ids alone: a tweet is in it when the
 * SplitMix64 finalizer of its id, read as a fraction of 2^64 (its top 53 bits), is below the sample's
 * fraction. So the same sample comes out on every run and every machine, anyone can recompute it from
 * the ids, and a smaller sample is a subset of a larger one (the 1 % inside the 5 %).
 *
 * @param fraction of the tweets kept, in (0, 1]
 */
public record Sample(double fraction) {
  public static final Sample ALL = new Sample(1);

  /** {@code sample}: a fraction ({@code 0.01}) or a percentage ({@code 1%}); absent keeps every tweet. */
  public static Sample parse(String text) {
    if (text == null || text.isBlank()) {
      return ALL;
    }
    String given = text.strip();
    try {
      double fraction = given.endsWith("%") ? Double.parseDouble(given.substring(0, given.length() - 1)) / 100
          : Double.parseDouble(given);
      if (fraction > 0 && fraction <= 1) {
        return new Sample(fraction);
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new BadQueryException("sample must be a fraction in (0, 1] such as 0.01, or a percentage such as 1%, not '"
        + text + "'");
  }

  boolean keeps(long tweetId) {
    return fraction >= 1 || (mix(tweetId) >>> 11) * 0x1.0p-53 < fraction;
  }

  /** The tweets in the sample, in the same order. */
  public TweetHits of(TweetHits all) {
    if (fraction >= 1) {
      return all;
    }
    TweetHits kept = new TweetHits();
    for (int i = 0; i < all.size(); i++) {
      if (keeps(all.id(i))) {
        kept.add(all.id(i), all.time(i));
      }
    }
    return kept;
  }

  /** SplitMix64's finalizer (Steele, Lea and Flood 2014): every bit of the id moves every bit of the hash. */
  static long mix(long id) {
    long z = id;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
