package org.observatory.api.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.testdata.RawMemes;

/**
 * top-memes on a real day in the mini cluster, against the top lists counted from the raw file: every
 * kind over the day, hours cut mid-way and ranked by rise, the kept hours used when asked again.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TopMemesTest {
  private static final long HOUR = 3_600_000L;
  private QueriedDay loaded;
  private List<RawMemes.RawTweet> raw;

  @BeforeAll
  void loadADay() throws Exception {
    loaded = new QueriedDay("top_memes");
    raw = loaded.raw.tweets();
  }

  @AfterAll
  void stop() throws Exception {
    loaded.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"hashtags", "mentions", "urls", "domains", "users"})
  void theDaysTopOfEveryKindMatchesTheRawFile(String kind) throws Exception {
    long day = QueriedDay.millis(QueriedDay.DAY);

    QueryResult result = loaded.ask.topMemes("kind", kind, "start", QueriedDay.DAY, "end", QueriedDay.DAY,
        "limit", "25");

    Map<String, Long> expected = RawTop.top(raw, kind, day, day + 24 * HOUR, 25);
    assertThat(expected).hasSize(25);
    assertThat(RawTop.rows(result, Instant.ofEpochMilli(day).toString())).containsExactlyEntriesOf(expected);
    Map<String, Long> dayBefore = RawTop.counts(raw, kind, day - 24 * HOUR, day);
    for (Map<String, Object> row : result.rows()) {
      assertThat(row.get("previous")).as("%s the day before", row.get("key"))
          .isEqualTo(dayBefore.getOrDefault((String) row.get("key"), 0L));
    }
    assertThat(result.meta().evaluation()).isEqualTo("index-only");
  }

  @Test
  void hoursCutMidWayAndRankedByRiseMatchTheRawFile() throws Exception {
    long from = QueriedDay.millis(QueriedDay.DAY) + 5 * HOUR + 1_234_000L;
    long to = QueriedDay.millis(QueriedDay.DAY) + 17 * HOUR + 2_345_000L;
    loaded.ask.topMemes("start", QueriedDay.DAY, "end", QueriedDay.DAY); // keeps the day's whole hours

    QueryResult result = loaded.ask.topMemes("kind", "mentions", "start", Instant.ofEpochMilli(from).toString(),
        "end", Instant.ofEpochMilli(to).toString(), "granularity", "hour", "rank", "rise", "limit", "7");

    List<String> starts = new ArrayList<>(); // the intervals with mentions in the raw file
    for (long start = from; start <= to; start = (start / HOUR + 1) * HOUR) {
      long end = Math.min(to + 1, (start / HOUR + 1) * HOUR);
      String label = Instant.ofEpochMilli(start).toString();
      Map<String, Long> now = RawTop.counts(raw, "mentions", start, end);
      if (!now.isEmpty()) {
        starts.add(label);
      }
      Map<String, Long> before = RawTop.counts(raw, "mentions", start - (end - start), start);
      Map<String, Long> expected = new LinkedHashMap<>();
      now.keySet().stream()
          .sorted(Comparator.<String>comparingLong(k -> now.get(k) - before.getOrDefault(k, 0L))
              .thenComparingLong(now::get).reversed().thenComparing(Comparator.naturalOrder()))
          .limit(7).forEach(k -> expected.put(k, now.get(k)));
      assertThat(RawTop.rows(result, label)).as(label).containsExactlyEntriesOf(expected);
    }
    assertThat(starts).hasSizeGreaterThan(5);
    assertThat(result.rows().stream().map(r -> r.get("start")).distinct().toList()).isEqualTo(starts);
  }

  @Test
  void aDayAskedAgainReadsTheHoursKeptNotTheRows() throws Exception {
    HourlyKeyCounts counts = new HourlyKeyCounts(new IndexScanner(loaded.cluster.connection(),
        loaded.cluster.tableNames(), IndexSpec.defaults(), loaded.pool, 30_000, 5_000_000));
    long day = QueriedDay.millis("2013-08-09");
    long[] bounds = {day, day + 24 * HOUR, day + 48 * HOUR};

    HourlyKeyCounts.Counted first = counts.count(TopMemes.INDEX, "user ", bounds);
    HourlyKeyCounts.Counted again = counts.count(TopMemes.INDEX, "user ", bounds);

    assertThat(first.hoursFromRows()).isEqualTo(48);
    assertThat(again.hoursFromRows()).isZero();
    assertThat(again.perSegment()).isEqualTo(first.perSegment());
    assertThat(again.perSegment().get(1)).isEqualTo(RawTop.counts(raw, "users", day + 24 * HOUR, day + 48 * HOUR));
  }

  @Test
  void badParametersAreRefusedWithWhatIsWrong() {
    String day = QueriedDay.DAY;
    assertThatThrownBy(() -> loaded.ask.topMemes("kind", "emoji", "start", day, "end", day))
        .isInstanceOf(BadQueryException.class).hasMessageContaining("kind must be");
    assertThatThrownBy(() -> loaded.ask.topMemes("limit", "0", "start", day, "end", day))
        .isInstanceOf(BadQueryException.class).hasMessageContaining("limit must be");
    assertThatThrownBy(() -> loaded.ask.topMemes("limit", "lots", "start", day, "end", day))
        .isInstanceOf(BadQueryException.class).hasMessageContaining("limit must be");
    assertThatThrownBy(() -> loaded.ask.topMemes("rank", "fall", "start", day, "end", day))
        .isInstanceOf(BadQueryException.class).hasMessageContaining("rank must be");
    assertThatThrownBy(() -> loaded.ask.topMemes("granularity", "week", "start", day, "end", day))
        .isInstanceOf(BadQueryException.class).hasMessageContaining("granularity");
    assertThatThrownBy(() -> loaded.ask.topMemes("start", day))
        .isInstanceOf(BadQueryException.class).hasMessageContaining("end");
  }
}
