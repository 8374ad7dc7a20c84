package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Meme;
import org.observatory.api.query.Progress;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.index.Hours;
import org.observatory.api.query.index.MemeCountsByHour;
import org.observatory.api.query.output.QueryResult;

/**
 * Per UTC day (or hour) of the window, every one listed, the number of tweets that contain any of the
 * memes: from the meme index's hourly counts.
 */
public record TimestampCount(QueryKind kind, List<Meme> memes, TimeWindow window, Granularity per)
    implements AnswerQuery<MemeCountsByHour.Counted> {
  private static final long DAY_MILLIS = 86_400_000L;

  static TimestampCount parse(QueryKind kind, QueryRequest request) {
    return new TimestampCount(kind, request.memes(), request.window(), request.granularity());
  }

  @Override
  public boolean readsTweets() {
    return false;
  }

  @Override
  public Share<MemeCountsByHour.Counted> gather(Phases phases, Progress progress) throws IOException {
    return phases.countMemes(memes, window);
  }

  @Override
  public QueryResult answer(List<Share<MemeCountsByHour.Counted>> shares, long began) {
    long first = Math.floorDiv(window.start(), per.millis);
    long last = Math.floorDiv(window.endExclusive() - 1, per.millis);
    long[] perBucket = new long[(int) (last - first + 1)];
    for (Share<MemeCountsByHour.Counted> share : shares) {
      MemeCountsByHour.Counted found = share.values();
      long[] perHour = found.any();
      for (int h = 0; h < perHour.length; h++) { // a day's buckets start on the hour, so hours fall in one each
        perBucket[(int) (Math.floorDiv((found.firstHour() + h) * Hours.MILLIS, per.millis) - first)]
            += perHour[h];
      }
    }
    Map<String, Long> counts = new LinkedHashMap<>();
    for (int b = 0; b < perBucket.length; b++) {
      counts.put(per.label((first + b) * per.millis), perBucket[b]);
    }
    return result(counts, null, Share.meta(shares, began, List.of()));
  }

  /** The buckets: {@code granularity=day} (the default) or {@code hour}. */
  public enum Granularity {
    DAY(DAY_MILLIS), HOUR(Hours.MILLIS);

    final long millis;

    Granularity(long millis) {
      this.millis = millis;
    }

    static Granularity parse(String text) {
      if (text == null || text.isBlank() || text.equals("day")) {
        return DAY;
      }
      if (text.equals("hour")) {
        return HOUR;
      }
      throw new BadQueryException("granularity must be 'day' or 'hour', not '" + text + "'");
    }

    /** A day as {@code 2013-08-10}; an hour as the instant it starts, {@code 2013-08-10T11:00:00Z}. */
    String label(long startMillis) {
      return this == DAY ? LocalDate.ofEpochDay(startMillis / DAY_MILLIS).toString()
          : Instant.ofEpochMilli(startMillis).toString();
    }
  }
}
