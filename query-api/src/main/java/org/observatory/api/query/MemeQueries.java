package org.observatory.api.query;

import java.io.IOException;
import java.time.LocalDate;
import java.util.HashMap;
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
    IndexScanner.IndexHits found = scanner.scan(MEME_INDEX, asked.stream().map(Meme::indexKey).toList(), window);
    List<TweetHits> hits = found.perKey();
    Map<String, Long> counts = new LinkedHashMap<>();
    Map<Long, Long> distinct = new HashMap<>();
    for (int m = 0; m < asked.size(); m++) {
      TweetHits h = hits.get(m);
      counts.put(asked.get(m).text(), (long) h.size());
      for (int i = 0; i < h.size(); i++) {
        distinct.put(h.id(i), h.time(i));
      }
    }
    return result("meme-post-count", window, found.months(), counts, distinct.size(), began);
  }

  /** Per UTC day of the window, the number of tweets that contain any of the memes. */
  public QueryResult timestampCount(String memes, String start, String end) throws IOException {
    long began = System.nanoTime();
    List<Meme> asked = Meme.parseList(memes, settings.maxMemes());
    TimeWindow window = TimeWindow.parse(start, end, settings.maxWindowDays());
    Map<Long, Long> distinct = new HashMap<>();
    IndexScanner.IndexHits found = scanner.scan(MEME_INDEX, asked.stream().map(Meme::indexKey).toList(), window);
    for (TweetHits h : found.perKey()) {
      for (int i = 0; i < h.size(); i++) {
        distinct.put(h.id(i), h.time(i));
      }
    }
    long firstDay = Math.floorDiv(window.start(), DAY_MILLIS);
    long lastDay = Math.floorDiv(window.endExclusive() - 1, DAY_MILLIS);
    long[] perDay = new long[(int) (lastDay - firstDay + 1)];
    distinct.values().forEach(time -> perDay[(int) (Math.floorDiv(time, DAY_MILLIS) - firstDay)]++);
    Map<String, Long> counts = new LinkedHashMap<>();
    for (int d = 0; d < perDay.length; d++) {
      counts.put(LocalDate.ofEpochDay(firstDay + d).toString(), perDay[d]);
    }
    return result("timestamp-count", window, found.months(), counts, distinct.size(), began);
  }

  private static QueryResult result(String query, TimeWindow window, List<Month> scanned, Map<String, Long> counts,
      long phase1, long began) {
    List<String> months = scanned.stream().map(Month::toString).toList();
    return new QueryResult(query, window.startInstant(), window.endInstant(), counts,
        new QueryResult.Meta(months, phase1, INDEX_ONLY, (System.nanoTime() - began) / 1_000_000));
  }
}
