package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeSet;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Progress;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.index.TopMemesByHour;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.tally.Tally;
import org.observatory.schemas.index.KeyRule;

/**
 * The most frequent hashtags, mentions, URLs, URL domains or posters of a window — or of each day or
 * hour of it — with their count in the interval before, of equal length; ranked by count or by rise.
 * A poster is named as the interval's latest tweet of theirs named them, carried in the index cells.
 * No meme is named first: the trend index's rows of each hour (or what was kept of them) are read.
 *
 * @param per the intervals, or null for the whole window as one
 */
public record TopMemes(QueryKind kind, Kind of, KeyRule rule, TimeWindow window,
    TimestampCount.Granularity per, int limit, boolean byRise) implements AnswerQuery<List<Map<String, Tally>>> {
  /** The index whose hourly rows this reads: declared in the index specification. */
  public static final String INDEX = "trend";
  static final int DEFAULT_LIMIT = 100;
  static final int MAX_LIMIT = 10_000;

  /** What is ranked: the field of the trend index's rule, how an answer writes its values, and what names them. */
  public enum Kind {
    HASHTAGS("hashtags", "#", null), MENTIONS("mentions.screen_name", "@", null), URLS("urls", "", null),
    DOMAINS("urls.domain", "", null), USERS("user.id", "", "user.screen_name");

    final String field;
    /** Put before each value, so that a hashtag or mention reads as the meme the other queries take. */
    final String mark;
    /** The field the rule's cells carry that names a value (a user id's screen name), or null for none. */
    final String nameField;

    Kind(String field, String mark, String nameField) {
      this.field = field;
      this.mark = mark;
      this.nameField = nameField;
    }

    static Kind parse(String text) {
      if (text == null || text.isBlank()) {
        return HASHTAGS;
      }
      for (Kind k : values()) {
        if (k.name().equalsIgnoreCase(text.strip())) {
          return k;
        }
      }
      throw new BadQueryException("kind must be hashtags, mentions, urls, domains or users, not '" + text + "'");
    }
  }

  static TopMemes parse(QueryKind kind, QueryRequest request) {
    Kind of = Kind.parse(request.get(QueryParameter.KIND));
    KeyRule rule = request.rule(INDEX, of.field);
    String granularity = request.get(QueryParameter.GRANULARITY);
    TimestampCount.Granularity per = granularity == null ? null : request.granularity();
    return new TopMemes(kind, of, rule, request.window(), per, request.limit(DEFAULT_LIMIT, MAX_LIMIT),
        rank(request.get(QueryParameter.RANK)));
  }

  private static boolean rank(String text) {
    if (text == null || text.isBlank() || text.strip().equals("count")) {
      return false;
    }
    if (text.strip().equals("rise")) {
      return true;
    }
    throw new BadQueryException("rank must be 'count' (the default) or 'rise', not '" + text + "'");
  }

  @Override
  public boolean readsTweets() {
    return false;
  }

  @Override
  public Share<List<Map<String, Tally>>> gather(Phases phases, Progress progress) throws IOException {
    TopMemesByHour.Counted counted = phases.topMemesByHour().count(new TopMemesByHour.Kind(INDEX, rule, of.nameField),
        bounds());
    long entries = 0;
    for (Map<String, Tally> segment : counted.perSegment()) {
      entries += segment.values().stream().mapToLong(Tally::count).sum();
    }
    return new Share<>(counted.perSegment(), Share.Read.indexOnly(phases.platform(), counted.months(), entries, counted.skipped()));
  }

  @Override
  public QueryResult answer(List<Share<List<Map<String, Tally>>>> shares, long began) {
    long[] bounds = bounds();
    List<Map<String, Tally>> perSegment = shares.get(0).values();
    for (Share<List<Map<String, Tally>>> share : shares.subList(1, shares.size())) {
      perSegment = added(perSegment, share.values());
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (long[] interval : intervals()) {
      long length = interval[1] - interval[0];
      Map<String, Tally> now = sum(perSegment, bounds, interval[0], interval[1]);
      Map<String, Tally> before = sum(perSegment, bounds, interval[0] - length, interval[0]);
      // an instant, per day too: a first day cut by the window starts where the window does, not at midnight
      String start = java.time.Instant.ofEpochMilli(interval[0]).toString();
      for (String key : top(now, before)) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("start", start);
        row.put("key", of.mark + key);
        row.put("count", now.get(key).count());
        row.put("previous", count(before, key));
        if (of.nameField != null) { // the name the interval's latest tweet under the key carried
          row.put("name", now.get(key).label());
        }
        rows.add(row);
      }
    }
    return result(null, rows, Share.meta(shares, began, List.of()));
  }

  /** Where the counts are cut: each interval's start and end, and the start of the interval before it. */
  private long[] bounds() {
    TreeSet<Long> points = new TreeSet<>();
    for (long[] interval : intervals()) {
      points.add(interval[0] - (interval[1] - interval[0])); // the interval before, of equal length
      points.add(interval[0]);
      points.add(interval[1]);
    }
    return points.stream().mapToLong(Long::longValue).toArray();
  }

  /** Two platforms' counts, segment by segment. */
  private static List<Map<String, Tally>> added(List<Map<String, Tally>> a, List<Map<String, Tally>> b) {
    List<Map<String, Tally>> sum = new ArrayList<>();
    for (int s = 0; s < a.size(); s++) {
      Map<String, Tally> segment = new HashMap<>(a.get(s));
      b.get(s).forEach((key, n) -> segment.merge(key, n, Tally::merge));
      sum.add(segment);
    }
    return sum;
  }

  /** The window, or its days or hours cut to it, as [start, end) pairs. */
  private List<long[]> intervals() {
    if (per == null) {
      return List.of(new long[] {window.start(), window.endExclusive()});
    }
    List<long[]> intervals = new ArrayList<>();
    for (long start = window.start(); start < window.endExclusive(); ) {
      long end = Math.min(window.endExclusive(), (Math.floorDiv(start, per.millis) + 1) * per.millis);
      intervals.add(new long[] {start, end});
      start = end;
    }
    return intervals;
  }

  /** The counts of the segments that make up [from, to). */
  private static Map<String, Tally> sum(List<Map<String, Tally>> segments, long[] bounds, long from, long to) {
    int first = java.util.Arrays.binarySearch(bounds, from);
    int last = java.util.Arrays.binarySearch(bounds, to);
    if (last == first + 1) {
      return segments.get(first);
    }
    Map<String, Tally> sum = new HashMap<>();
    for (int s = first; s < last; s++) {
      segments.get(s).forEach((key, n) -> sum.merge(key, n, Tally::merge));
    }
    return sum;
  }

  private static long count(Map<String, Tally> tallies, String key) {
    Tally tally = tallies.get(key);
    return tally == null ? 0 : tally.count();
  }

  /** The first {@link #limit} keys of the interval, best first; ties go to the more frequent, then by key. */
  private List<String> top(Map<String, Tally> now, Map<String, Tally> before) {
    Comparator<String> best = Comparator.<String>comparingLong(k -> byRise ? count(now, k) - count(before, k) : 0)
        .thenComparingLong(k -> count(now, k)).reversed().thenComparing(Comparator.naturalOrder());
    PriorityQueue<String> kept = new PriorityQueue<>(best.reversed()); // the worst kept first, to drop
    for (String key : now.keySet()) {
      kept.add(key);
      if (kept.size() > limit) {
        kept.poll();
      }
    }
    List<String> top = new ArrayList<>(kept);
    top.sort(best);
    return top;
  }
}
