package org.observatory.api.query;

import java.io.IOException;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.observatory.schemas.tables.Month;

/** The queries answered from the meme index alone: meme-post-count and timestamp-count. */
public final class MemeQueries {
  /** The index of the default specification that holds hashtags, mentions and URLs. */
  public static final String MEME_INDEX = "meme";
  private static final String INDEX_ONLY = "index-only";
  private static final long DAY_MILLIS = 86_400_000L;

  private final IndexScanner scanner;
  private final QuerySettings settings;

  public MemeQueries(IndexScanner scanner, QuerySettings settings) {
    this.scanner = scanner;
    this.settings = settings;
  }

  /** Per meme, the number of tweets in the window that contain it. */
  public QueryResult memePostCount(String memes, String start, String end) throws IOException {
    long began = System.nanoTime();
    List<Meme> asked = Meme.parseList(memes, settings.maxMemes());
    TimeWindow window = TimeWindow.parse(start, end, settings.maxWindowDays());
    IndexScanner.IndexHits found = scanner.scan(MEME_INDEX, asked.stream().map(Meme::key).toList(), window);
    List<TweetHits> hits = found.perKey();
    Map<String, Long> counts = new LinkedHashMap<>();
    for (int m = 0; m < asked.size(); m++) {
      counts.put(asked.get(m).text(), (long) hits.get(m).size());
    }
    return result("meme-post-count", window, found, counts, found.distinct().size(), began);
  }

  /**
   * Per UTC day (or hour) of the window, every one listed, the number of tweets that contain any of
   * the memes.
   *
   * @param granularity {@code day} (the default when null) or {@code hour}
   */
  public QueryResult timestampCount(String memes, String start, String end, String granularity) throws IOException {
    long began = System.nanoTime();
    Granularity per = Granularity.parse(granularity);
    List<Meme> asked = Meme.parseList(memes, settings.maxMemes());
    TimeWindow window = TimeWindow.parse(start, end, settings.maxWindowDays());
    IndexScanner.IndexHits found = scanner.scan(MEME_INDEX, asked.stream().map(Meme::key).toList(), window);
    TweetHits distinct = found.distinct();
    long first = Math.floorDiv(window.start(), per.millis);
    long last = Math.floorDiv(window.endExclusive() - 1, per.millis);
    long[] perBucket = new long[(int) (last - first + 1)];
    for (int i = 0; i < distinct.size(); i++) {
      perBucket[(int) (Math.floorDiv(distinct.time(i), per.millis) - first)]++;
    }
    Map<String, Long> counts = new LinkedHashMap<>();
    for (int b = 0; b < perBucket.length; b++) {
      counts.put(per.label((first + b) * per.millis), perBucket[b]);
    }
    return result("timestamp-count", window, found, counts, distinct.size(), began);
  }

  /** The buckets of timestamp-count. */
  enum Granularity {
    DAY(DAY_MILLIS), HOUR(3_600_000L);

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
          : java.time.Instant.ofEpochMilli(startMillis).toString();
    }
  }

  private static QueryResult result(String query, TimeWindow window, IndexScanner.IndexHits found,
      Map<String, Long> counts, long phase1, long began) {
    List<String> months = found.months().stream().map(Month::toString).toList();
    return new QueryResult(query, window.startInstant(), window.endInstant(), counts, null,
        new QueryResult.Meta(months, phase1, INDEX_ONLY, (System.nanoTime() - began) / 1_000_000, found.skipped()));
  }
}
