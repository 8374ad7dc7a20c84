package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.catalogue.TopMemes;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.index.TopMemesByHour;
import org.observatory.api.query.output.QueryResult;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/**
 * top-memes on a real day in the mini cluster, against the top lists counted from the raw file: every
 * kind over the day, hours cut mid-way and ranked by rise, the kept hours used when asked again.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class TopMemesTest {
  private static final long HOUR = 3_600_000L;
  private static final TopMemesByHour.Kind USERS = new TopMemesByHour.Kind(TopMemes.INDEX,
      IndexSpec.defaults().index(TopMemes.INDEX).orElseThrow().rule("user.id").orElseThrow(), "user.screen_name");
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
  void eachPosterIsNamedAsTheirLatestTweetOfTheIntervalNamedThem() throws Exception {
    long day = QueriedDay.millis(QueriedDay.DAY);
    String end = Instant.ofEpochMilli(day + 2 * 24 * HOUR - 1000).toString();

    QueryResult result = loaded.ask.topMemes("kind", "users", "start", Instant.ofEpochMilli(day - 24 * HOUR).toString(),
        "end", end, "granularity", "day", "limit", "40");

    assertThat(result.rows()).as("40 posters on each of two days").hasSize(80);
    for (Map<String, Object> row : result.rows()) {
      long from = Instant.parse((String) row.get("start")).toEpochMilli();
      String latest = raw.stream().filter(t -> Long.toString(t.userId()).equals(row.get("key")))
          .filter(t -> t.createdAt() >= from && t.createdAt() < from + 24 * HOUR)
          .max(java.util.Comparator.comparingLong(RawMemes.RawTweet::createdAt).thenComparing(RawMemes.RawTweet::screenName))
          .orElseThrow().screenName();
      assertThat(row.get("name")).as("%s on %s", row.get("key"), row.get("start")).isEqualTo(latest);
    }
    assertThat(loaded.ask.topMemes("kind", "users", "start", Instant.ofEpochMilli(day - 24 * HOUR).toString(),
        "end", end, "granularity", "day", "limit", "40").rows()).as("names kept with the hours").isEqualTo(result.rows());
    assertThat(loaded.ask.topMemes("kind", "hashtags", "start", QueriedDay.DAY, "end", QueriedDay.DAY).rows())
        .allSatisfy(row -> assertThat(row).doesNotContainKey("name"));
  }

  @Test
  void everyIntervalStartsAtAnInstantPerDayAsPerHourAndForTheWholeWindow() throws Exception {
    long from = QueriedDay.millis(QueriedDay.DAY) + 10 * HOUR + 30 * 60_000L; // the sample's tweets are of 10:00 to 12:00
    String start = Instant.ofEpochMilli(from).toString();
    String end = Instant.ofEpochMilli(from + 24 * HOUR - 1000).toString();

    for (String granularity : List.of("day", "hour", "the whole window")) {
      QueryResult result = granularity.startsWith("the") ? loaded.ask.topMemes("start", start, "end", end, "limit", "1")
          : loaded.ask.topMemes("start", start, "end", end, "granularity", granularity, "limit", "1");

      assertThat(result.rows()).as(granularity).isNotEmpty();
      assertThat(result.rows().get(0).get("start")).as("a cut first %s starts where the window does", granularity)
          .isEqualTo(start);
      assertThat(result.rows()).allMatch(r -> Instant.parse((String) r.get("start")).toEpochMilli() >= from);
    }
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
    TopMemesByHour counts = new TopMemesByHour(new IndexScanner(loaded.cluster.connection(),
        loaded.cluster.tableNames(), IndexSpec.defaults(), loaded.pool, 30_000, 5_000_000));
    long day = QueriedDay.millis("2013-08-05"); // days of retweeted originals no other test here asks of users
    long[] bounds = {day, day + 24 * HOUR, day + 48 * HOUR};

    TopMemesByHour.Counted first = counts.count(USERS, bounds);
    TopMemesByHour.Counted again = counts.count(USERS, bounds);

    assertThat(first.hoursFromRows()).isEqualTo(48);
    assertThat(again.hoursFromRows()).isZero();
    assertThat(again.perSegment()).isEqualTo(first.perSegment());
    assertThat(again.counts().get(1)).isNotEmpty()
        .isEqualTo(RawTop.counts(raw, "users", day + 24 * HOUR, day + 48 * HOUR));
  }

  @Test
  void aStretchOverTheEndOfAMonthReadsEachHourFromItsOwnMonth(@TempDir Path dir) throws Exception {
    // two real tweets moved to either side of midnight on July 31: 14 hours of July to read, then August's
    List<String> lines = SharedData.lines(SharedData.DAY_2013).limit(2).toList();
    ObjectMapper json = new ObjectMapper();
    List<String> moved = new ArrayList<>();
    String[] times = {"Wed Jul 31 23:30:00 +0000 2013", "Thu Aug 01 01:30:00 +0000 2013"};
    for (int i = 0; i < 2; i++) {
      ObjectNode tweet = (ObjectNode) json.readTree(lines.get(i));
      tweet.put("created_at", times[i]);
      moved.add(tweet.toString());
    }
    Path file = dir.resolve("straddle.json.gz");
    try (Writer out = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(file)), StandardCharsets.UTF_8)) {
      out.write(String.join("\n", moved) + "\n");
    }
    TableNames names = new TableNames("top_memes_straddle");
    TestLoads.load(MiniHBase.connection(), names, dir.resolve("rejects"), file);
    TopMemesByHour counts = new TopMemesByHour(new IndexScanner(MiniHBase.connection(), names, IndexSpec.defaults(),
        loaded.pool, 30_000, 5_000_000));
    long[] bounds = {Instant.parse("2013-07-31T10:00:00Z").toEpochMilli(), Instant.parse("2013-08-01T12:00:00Z").toEpochMilli()};

    TopMemesByHour.Counted counted = counts.count(USERS, bounds);

    Map<String, Long> expected = new LinkedHashMap<>();
    for (String line : lines) {
      expected.merge(json.readTree(line).path("user").path("id_str").asText(), 1L, Long::sum);
    }
    assertThat(counted.months()).hasSize(2);
    assertThat(counted.counts().get(0)).isEqualTo(expected);
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
