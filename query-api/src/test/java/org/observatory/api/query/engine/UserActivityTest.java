package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.observatory.api.query.output.QueryResult;
import org.observatory.testdata.RawMemes;
import org.observatory.testing.UsesStore;

/** user-activity on a real day in the mini cluster, hour by hour, against the raw file's own counts. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class UserActivityTest {
  private static final long HOUR = 3_600_000L;
  private QueriedDay loaded;
  private List<RawMemes.RawTweet> raw;

  @BeforeAll
  void loadADay() throws Exception {
    loaded = new QueriedDay("user_activity");
    raw = loaded.raw.tweets();
  }

  @AfterAll
  void stop() throws Exception {
    loaded.close();
  }

  @Test
  void theMostRetweetedUsersDayMatchesTheRawFile() throws Exception {
    long user = busiest(RawMemes.RawTweet::retweetOfUserId);

    QueryResult byId = activity(Long.toString(user));

    assertThat(byId.rows()).isEqualTo(expected(user));
    assertThat(total(byId, "retweetsReceived")).isGreaterThan(5);
    String name = raw.stream().filter(t -> t.userId() == user).map(RawMemes.RawTweet::screenName).findFirst()
        .orElse(null);
    if (name != null) {
      assertThat(activity("@" + name).rows()).as("by screen name").isEqualTo(byId.rows());
    }
  }

  @Test
  void theMostActivePostersDayMatchesTheRawFile() throws Exception {
    long user = busiest(RawMemes.RawTweet::userId);
    String name = raw.stream().filter(t -> t.userId() == user).findFirst().orElseThrow().screenName();

    QueryResult byName = activity("@" + name.toUpperCase());

    assertThat(byName.rows()).isEqualTo(expected(user));
    assertThat(total(byName, "posts")).isGreaterThan(3);
  }

  @Test
  void aUserNobodyKnowsHadADayOfZeros() throws Exception {
    QueryResult nobody = activity("@nosuchuseranywhere");

    assertThat(nobody.rows()).hasSize(24).allMatch(r -> r.get("posts").equals(0L) && r.get("mentionsReceived").equals(0L));
  }

  private QueryResult activity(String user) throws Exception {
    return loaded.ask.answer("user-activity", "user", user, "start", QueriedDay.DAY, "end", QueriedDay.DAY,
        "granularity", "hour");
  }

  /** The user the most raw tweets of the day name in that field. */
  private long busiest(Function<RawMemes.RawTweet, Long> field) {
    return loaded.matching(t -> field.apply(t) != 0).stream()
        .collect(Collectors.groupingBy(field, Collectors.counting())).entrySet().stream()
        .max(Map.Entry.<Long, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
        .orElseThrow().getKey();
  }

  /** Each hour of the day counted from the raw tweets. */
  private List<Map<String, Object>> expected(long user) {
    List<Map<String, Object>> rows = new ArrayList<>();
    long day = QueriedDay.millis(QueriedDay.DAY);
    for (int h = 0; h < 24; h++) {
      long from = day + h * HOUR;
      List<RawMemes.RawTweet> hour = raw.stream().filter(t -> t.createdAt() >= from && t.createdAt() < from + HOUR)
          .toList();
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("time", Instant.ofEpochMilli(from).toString());
      row.put("posts", hour.stream().filter(t -> t.userId() == user).count());
      row.put("retweetsGiven", hour.stream().filter(t -> t.userId() == user && t.retweetOfId() != 0).count());
      row.put("retweetsReceived", hour.stream().filter(t -> t.retweetOfUserId() == user).count());
      row.put("mentionsReceived", hour.stream()
          .filter(t -> t.mentionIds().contains(user) && t.retweetOfUserId() != user).count());
      rows.add(row);
    }
    return rows;
  }

  private static long total(QueryResult result, String column) {
    return result.rows().stream().mapToLong(r -> (Long) r.get(column)).sum();
  }
}
