package org.observatory.api.query.tally;

import java.util.Comparator;
import java.util.Objects;

/**
 * What a content query counts under one key: the matching tweets, and the label (a screen name) of
 * the latest of them. Tallies merge in any order to the same result, so phase 2 may aggregate in the
 * service or in a MapReduce job's mappers and reducer alike.
 *
 * @param time the creation time of the tweet the label came from
 * @param label null when the query keeps none
 */
public record Tally(long count, long time, String label) {
  private static final Comparator<Tally> LATEST = Comparator.comparingLong(Tally::time)
      .thenComparing(Tally::label, Comparator.nullsFirst(Comparator.naturalOrder()));

  public static Tally one(long time, String label) {
    return new Tally(1, time, label);
  }

  /** The sum of the counts, with the label of the later tweet (ties go to the greater label). */
  public Tally merge(Tally other) {
    Tally latest = LATEST.compare(this, other) >= 0 ? this : other;
    return new Tally(count + other.count, latest.time, latest.label);
  }

  /** {@code count TAB time TAB label}: the form a job's tasks hand tallies on in. */
  public String encode() {
    return count + "\t" + time + "\t" + Objects.requireNonNullElse(label, "");
  }

  public static Tally decode(String text) {
    String[] parts = text.split("\t", 3);
    return new Tally(Long.parseLong(parts[0]), Long.parseLong(parts[1]), parts[2].isEmpty() ? null : parts[2]);
  }
}
