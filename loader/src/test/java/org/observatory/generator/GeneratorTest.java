package org.observatory.generator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.TweetParser;
import org.observatory.testdata.Json;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GeneratorTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final LocalDate FIRST = LocalDate.parse("2012-06-01");
  // 20 days with the event from day 3 to day 18: days before, during and after it
  private final GeneratorSettings settings = GeneratorSettings.defaults(FIRST, 20, 2_000);
  private Generator.Summary summary;
  private List<String> lines;

  @BeforeAll
  void generate(@TempDir Path dir) throws Exception {
    summary = Generator.write(new GeneratorSettings(settings.seed(), FIRST, 20, 2_000, settings.users(),
        settings.hashtags(), "euro2012", FIRST.plusDays(2), 0.30, 0.12, 0.04, 0.04, 0.002), dir);
    lines = new ArrayList<>();
    for (Path file : summary.files()) {
      lines.addAll(lines(file));
    }
  }

  @Test
  void writesOneFilePerDayAndEveryLineParsesExceptTheCountedCutOffOnes() throws Exception {
    assertThat(summary.files()).hasSize(20);
    assertThat(summary.files().get(0).getFileName().toString()).isEqualTo("tweets.2012-06-01.json.gz");
    TweetParser parser = new TweetParser();
    long malformed = 0;
    long statuses = 0;
    long deletes = 0;
    for (String line : lines) {
      try {
        StreamItem item = parser.parse(line);
        statuses += item instanceof StreamItem.Status ? 1 : 0;
        deletes += item instanceof StreamItem.DeleteNotice ? 1 : 0;
      } catch (MalformedTweetException e) {
        malformed++;
      }
    }
    assertThat(lines).hasSize((int) summary.counts().lines);
    assertThat(malformed).isEqualTo(summary.counts().malformed).isPositive();
    assertThat(statuses).isEqualTo(summary.counts().statuses);
    assertThat(deletes).isEqualTo(summary.counts().deletes).isPositive();
  }

  @Test
  void entityIndicesPointAtTheirTextInCodePoints() {
    long checked = 0;
    for (JsonNode status : statuses()) {
      for (JsonNode s : withEmbedded(status)) {
        String text = s.get("text").asText();
        for (JsonNode h : s.get("entities").get("hashtags")) {
          assertThat(slice(text, h)).isEqualTo("#" + h.get("text").asText());
          checked++;
        }
        for (JsonNode m : s.get("entities").get("user_mentions")) {
          assertThat(slice(text, m)).isEqualTo("@" + m.get("screen_name").asText());
          checked++;
        }
        for (JsonNode u : s.get("entities").get("urls")) {
          assertThat(slice(text, u)).isEqualTo(u.get("url").asText());
          checked++;
        }
      }
    }
    assertThat(checked).isGreaterThan(10_000);
    assertThat(statuses().stream().anyMatch(s -> s.get("text").asText().codePoints()
        .anyMatch(Character::isSupplementaryCodePoint))).as("texts with emoji").isTrue();
  }

  @Test
  void linesAreEscapedAsTheStreamEscapesThem() {
    assertThat(lines).allMatch(l -> l.chars().allMatch(c -> c < 128), "ASCII only: beyond it, \\uXXXX");
    assertThat(lines.stream().filter(l -> l.contains("\\u3")).count()).as("Japanese, escaped").isPositive();
    assertThat(lines).noneMatch(l -> l.contains("http://") || l.contains("<a "));
  }

  @Test
  void hasRetweetsRepliesQuotesAndRetweetsOfEarlierMonths() {
    long firstDay = FIRST.atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
    long olderRetweeted = 0;
    long retweets = 0;
    long replies = 0;
    long quotes = 0;
    for (JsonNode s : statuses()) {
      if (s.has("retweeted_status")) {
        retweets++;
        olderRetweeted += Json.createdAt(s.get("retweeted_status")) < firstDay ? 1 : 0;
        assertThat(s.get("text").asText()).startsWith("RT @" + s.get("retweeted_status").get("user").get("screen_name").asText());
      }
      replies += s.get("in_reply_to_status_id").isNull() ? 0 : 1;
      quotes += s.has("quoted_status") ? 1 : 0;
    }
    assertThat(retweets).isEqualTo(summary.counts().retweets).isGreaterThan(summary.counts().statuses / 5);
    assertThat(replies).isEqualTo(summary.counts().replies).isPositive();
    assertThat(quotes).isEqualTo(summary.counts().quotes).isPositive();
    assertThat(olderRetweeted).as("retweets of originals from earlier months").isPositive();
  }

  @Test
  void theEventHashtagBurstsWithinItsSixteenDaysOnly() {
    long[] perDay = new long[20];
    long[] perHour = new long[24];
    for (JsonNode s : statuses()) {
      long time = Json.createdAt(s);
      int day = (int) ((time - FIRST.atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli()) / 86_400_000L);
      perHour[(int) (time / 3_600_000L % 24)]++;
      for (JsonNode h : s.get("entities").get("hashtags")) {
        if (h.get("text").asText().equals("euro2012") && !s.has("retweeted_status")) {
          perDay[day]++;
        }
      }
    }
    assertThat(perDay[0]).isZero();
    assertThat(perDay[1]).isZero();
    assertThat(perDay[18]).isZero();
    assertThat(perDay[17]).as("the final").isGreaterThan(perDay[2] * 2).isGreaterThan(100);
    assertThat(perHour[20]).as("evening over morning").isGreaterThan(perHour[8] * 2);
  }

  @Test
  void theSameSeedWritesTheSameBytesAndAnotherSeedOthers(@TempDir Path a, @TempDir Path b) throws Exception {
    GeneratorSettings small = GeneratorSettings.defaults(FIRST, 2, 500);
    assertThat(digest(Generator.write(small, a))).isEqualTo(digest(Generator.write(small, b)));
    Path c = a.resolve("other");
    assertThat(digest(Generator.write(small.withSeed(7), c))).isNotEqualTo(digest(Generator.write(small, b)));
  }

  private List<JsonNode> statuses() {
    List<JsonNode> statuses = new ArrayList<>();
    for (String line : lines) {
      try {
        JsonNode node = MAPPER.readTree(line);
        if (Json.isStatus(node)) {
          statuses.add(node);
        }
      } catch (IOException cutOff) {
        // the generated malformed lines
      }
    }
    return statuses;
  }

  private static List<JsonNode> withEmbedded(JsonNode status) {
    List<JsonNode> all = new ArrayList<>(List.of(status));
    for (String k : List.of("retweeted_status", "quoted_status")) {
      if (status.has(k)) {
        all.addAll(withEmbedded(status.get(k)));
      }
    }
    return all;
  }

  private static String slice(String text, JsonNode entity) {
    int start = entity.get("indices").get(0).asInt();
    int end = entity.get("indices").get(1).asInt();
    return text.substring(text.offsetByCodePoints(0, start), text.offsetByCodePoints(0, end));
  }

  static List<String> lines(Path file) throws IOException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
      return List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
    }
  }

  private static String digest(Generator.Summary s) throws Exception {
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    for (Path file : s.files()) {
      try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
        sha.update(in.readAllBytes());
      }
    }
    return java.util.HexFormat.of().formatHex(sha.digest());
  }
}
