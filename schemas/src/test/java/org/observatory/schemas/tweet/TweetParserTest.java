package org.observatory.schemas.tweet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;

class TweetParserTest {
  private final TweetParser parser = new TweetParser();

  @Test
  void parsesA2011V1StatusLikeAnIndependentReader() throws Exception {
    String line = SharedData.firstLine(SharedData.DAY_2011,
        l -> l.startsWith("{") && !l.contains("\"delete\"") && l.contains("\"hashtags\":[{"));
    JsonNode raw = Json.tree(line);

    Tweet t = status(line).tweet();

    assertThat(t.id()).isEqualTo(raw.get("id_str").asLong());
    assertThat(t.createdAt()).isEqualTo(Json.createdAt(raw));
    assertThat(t.text()).isEqualTo(raw.get("text").asText());
    assertThat(t.lang()).as("v1 statuses have no top-level lang").isNull();
    assertThat(t.user().id()).isEqualTo(raw.get("user").get("id_str").asLong());
    assertThat(t.user().screenName()).isEqualTo(raw.get("user").get("screen_name").asText());
    assertThat(Json.tree(t.user().json())).isEqualTo(raw.get("user"));
    List<String> hashtags = new ArrayList<>();
    raw.get("entities").get("hashtags").forEach(h -> hashtags.add(h.get("text").asText()));
    assertThat(t.hashtags()).isEqualTo(hashtags);
  }

  @Test
  void takesFullTextAndEntitiesFromExtendedTweet() throws Exception {
    String full = "Long read: " + "x".repeat(130) + " #LongForm @someone https://t.co/abc";
    int tag = full.indexOf("#LongForm");
    String line = """
        {"created_at":"Sat Mar 04 10:00:00 +0000 2017","id":837993263471988736,"id_str":"837993263471988736",
         "text":"Long read: xxxx… https://t.co/trunc","truncated":true,
         "entities":{"hashtags":[],"user_mentions":[],"urls":[{"url":"https://t.co/trunc","expanded_url":"https://twitter.com/i/web/status/1","indices":[17,40]}]},
         "user":{"id":42,"id_str":"42","screen_name":"writer"},
         "extended_tweet":{"full_text":"%s","display_text_range":[0,180],
           "entities":{"hashtags":[{"text":"LongForm","indices":[%d,%d]}],
                       "user_mentions":[{"screen_name":"someone","id":7,"id_str":"7","indices":[%d,%d]}],
                       "urls":[{"url":"https://t.co/abc","expanded_url":"https://example.org/long","indices":[%d,%d]}]}},
         "lang":"en"}
        """.formatted(full, tag, tag + 9, tag + 10, tag + 18, tag + 19, tag + 35).replace("\n", "");

    Tweet t = status(line).tweet();

    assertThat(t.text()).isEqualTo(full);
    assertThat(t.hashtags()).containsExactly("LongForm");
    assertThat(t.mentions()).containsExactly(new Tweet.Mention(7, "someone"));
    assertThat(t.urls()).containsExactly("https://example.org/long");
    assertThat(t.plainText().strip()).isEqualTo("Long read: " + "x".repeat(130));
  }

  @Test
  void aRetweetOfAnotherMonthsTweetYieldsTheOriginalAsATweetOfItsOwn() throws Exception {
    String line;
    try (Stream<String> lines = SharedData.lines(SharedData.DAY_2016)) {
      line = lines.filter(l -> l.contains("\"retweeted_status\""))
          .filter(l -> Json.tree(l).get("retweeted_status").get("created_at").asText().contains("2015"))
          .findFirst().orElseThrow();
    }
    JsonNode raw = Json.tree(line);
    JsonNode original = raw.get("retweeted_status");

    StreamItem.Status status = status(line);

    Tweet retweet = status.tweet();
    Tweet embedded = status.embedded().get(0);
    assertThat(retweet.retweetOf())
        .isEqualTo(new Tweet.TweetRef(original.get("id").asLong(), original.get("user").get("id").asLong(),
            Json.createdAt(original)));
    assertThat(embedded.id()).isEqualTo(original.get("id").asLong());
    assertThat(embedded.createdAt()).isEqualTo(Json.createdAt(original));
    assertThat(embedded.text()).isEqualTo(original.get("text").asText());
    assertThat(retweet.createdAt()).isEqualTo(Json.createdAt(raw));
    // stored once: the retweet's JSON keeps only a reference to the original
    JsonNode stored = Json.tree(retweet.json());
    assertThat(stored.get("retweeted_status").get("id").asLong()).isEqualTo(embedded.id());
    assertThat(stored.get("retweeted_status").has("text")).isFalse();
    assertThat(stored.get("user").get("id").asLong()).isEqualTo(retweet.user().id());
    assertThat(stored.get("user").has("followers_count")).isFalse();
    assertThat(stored.get("text")).isEqualTo(raw.get("text"));
  }

  @Test
  void aRetweetOfAQuoteYieldsBothOriginalsOnce() throws Exception {
    String line = SharedData.firstLine(SharedData.DAY_2016,
        l -> l.contains("\"retweeted_status\"") && Json.tree(l).get("retweeted_status").has("quoted_status"));
    JsonNode raw = Json.tree(line);

    StreamItem.Status status = status(line);

    long original = raw.get("retweeted_status").get("id").asLong();
    long quoted = raw.get("retweeted_status").get("quoted_status").get("id").asLong();
    assertThat(status.embedded()).extracting(Tweet::id).containsExactlyInAnyOrder(original, quoted);
    Tweet originalTweet = status.embedded().stream().filter(t -> t.id() == original).findFirst().orElseThrow();
    assertThat(originalTweet.quoteOf().id()).isEqualTo(quoted);
    assertThat(status.tweet().quoteOf()).as("the quote belongs to the original, not the retweet").isNull();
  }

  @Test
  void storedJsonParsesBackToTheSameFields() throws Exception {
    try (Stream<String> lines = SharedData.lines(SharedData.DAY_2016)) {
      for (String line : lines.filter(l -> !l.startsWith("{\"delete\"")).limit(2000).toList()) {
        for (Tweet t : status(line).all()) {
          Tweet again = status(t.json()).tweet();
          // a stored snapshot alone cannot tell when it was observed: that comes from its cell timestamp
          assertThat(again).usingRecursiveComparison().ignoringFields("json", "user.json", "observedAt").isEqualTo(t);
          assertThat(again.json()).isEqualTo(t.json());
        }
      }
    }
  }

  @Test
  void recognisesDeleteNotices() throws Exception {
    String line = SharedData.firstLine(SharedData.DAY_2013, l -> l.startsWith("{\"delete\""));
    JsonNode raw = Json.tree(line).get("delete");

    StreamItem item = parser.parse(line);

    assertThat(item).isEqualTo(new StreamItem.DeleteNotice(raw.get("status").get("id").asLong(),
        raw.get("status").get("user_id").asLong(), raw.path("timestamp_ms").asLong()));
  }

  @Test
  void aDeleteNoticeThatNamesNoStatusIsMalformedNotAnotherMessage() {
    for (String line : List.of("{\"delete\":{}}", "{\"delete\":\"soon\"}", "{\"delete\":{\"status\":{\"id\":\"x1\"}}}",
        "{\"delete\":{\"status\":{\"user_id\":5},\"timestamp_ms\":\"1376138000000\"}}")) {
      assertThatThrownBy(() -> parser.parse(line)).as(line).isInstanceOf(MalformedTweetException.class)
          .hasMessageContaining("delete notice without a status id");
    }
  }

  @Test
  void recognisesOtherStreamMessagesByKind() throws Exception {
    assertThat(parser.parse("{\"limit\":{\"track\":1234,\"timestamp_ms\":\"1453438806509\"}}"))
        .isEqualTo(new StreamItem.Notice("limit"));
    assertThat(parser.parse("{\"scrub_geo\":{\"user_id\":14090452,\"up_to_status_id\":23260136625}}"))
        .isEqualTo(new StreamItem.Notice("scrub_geo"));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "{\"created_at\":\"Sat Aug 10 11:00:00 +0000 2013\",\"id\":36615194306583347",
      "[1,2,3]",
      "not json at all",
      "",
      "{\"id\":1,\"text\":\"no date\",\"user\":{\"id\":2}}",
      "{\"created_at\":\"yesterday\",\"id\":1,\"text\":\"bad date\",\"user\":{\"id\":2}}",
      "{\"created_at\":\"Sat Aug 10 11:00:00 +0000 2013\",\"id\":1,\"text\":\"no user\"}",
      "{\"a\":1,\"b\":2}",
      "{\"id\":1} trailing"})
  void rejectsMalformedLinesWithOneException(String line) {
    assertThatThrownBy(() -> parser.parse(line)).isInstanceOf(MalformedTweetException.class);
  }

  @Test
  void entityIndicesCountCodePointsNotJavaChars() throws Exception {
    String line = SharedData.firstLine(SharedData.DAY_2016, l -> {
      if (!l.contains("\"hashtags\":[{")) {
        return false;
      }
      JsonNode raw = Json.tree(l);
      String text = raw.get("text").asText();
      int start = raw.get("entities").get("hashtags").get(0).get("indices").get(0).asInt();
      return !raw.has("retweeted_status") && text.codePoints().limit(start).anyMatch(Character::isSupplementaryCodePoint);
    });
    JsonNode raw = Json.tree(line);

    Tweet t = status(line).tweet();

    for (String tag : t.hashtags()) {
      assertThat(t.plainText()).as("hashtag cut out of the words in: %s", raw.get("text").asText())
          .doesNotContain("#" + tag);
    }
    assertThat(t.plainText().codePoints().filter(Character::isSupplementaryCodePoint).count())
        .as("emoji outside the entities survive").isPositive();
  }

  @Test
  void keepsNonLatinTextIntact() throws Exception {
    String line = SharedData.firstLine(SharedData.DAY_2013, l -> l.contains("\"lang\":\"ja\"") && !l.contains("retweeted_status"));
    Tweet t = status(line).tweet();
    assertThat(t.text()).isEqualTo(Json.tree(line).get("text").asText());
    assertThat(t.lang()).isEqualTo("ja");
  }

  @Test
  void parsesEveryLineOfTheCorpusAsAStatusOrNotice() throws Exception {
    for (String name : SharedData.allFiles()) {
      long statuses = 0;
      long deletes = 0;
      long expectedStatuses = 0;
      long expectedDeletes = 0;
      try (Stream<String> lines = SharedData.lines(name)) {
        for (String line : (Iterable<String>) lines::iterator) {
          JsonNode raw = Json.tree(line);
          expectedStatuses += Json.isStatus(raw) ? 1 : 0;
          expectedDeletes += raw.has("delete") ? 1 : 0;
          StreamItem item = parser.parse(line);
          statuses += item instanceof StreamItem.Status ? 1 : 0;
          deletes += item instanceof StreamItem.DeleteNotice ? 1 : 0;
        }
      }
      assertThat(statuses).as(name).isEqualTo(expectedStatuses).isPositive();
      assertThat(deletes).as(name).isEqualTo(expectedDeletes);
    }
  }

  private StreamItem.Status status(String line) throws MalformedTweetException {
    StreamItem item = parser.parse(line);
    assertThat(item).isInstanceOf(StreamItem.Status.class);
    return (StreamItem.Status) item;
  }
}
