package org.observatory.schemas.tweet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.observatory.testdata.Fixtures;
import org.observatory.testdata.Json;

/** The parser's edge cases on hand-written lines: no shared corpus needed. */
class TweetParserFixturesTest {
  private final TweetParser parser = new TweetParser();

  @Test
  void aV1StatusHasNoLanguageAndKeepsItsEntitiesAsWritten() throws Exception {
    Tweet t = status("v1-status-2011.json").tweet();

    assertThat(t.id()).isEqualTo(42524476830646283L);
    assertThat(t.createdAt()).isEqualTo(Instant.parse("2011-03-01T10:00:00Z").toEpochMilli());
    assertThat(t.lang()).isNull();
    assertThat(t.user()).extracting(Tweet.User::id, Tweet.User::screenName).containsExactly(500L, "runner_one");
    assertThat(t.hashtags()).containsExactly("running", "Health");
    assertThat(t.mentions()).containsExactly(new Tweet.Mention(501, "coach"));
    assertThat(t.plainText().strip()).isEqualTo("Morning run done");
  }

  @Test
  void aRetweetOfAnotherMonthsTweetYieldsTheOriginalAsATweetOfItsOwn() throws Exception {
    StreamItem.Status status = status("retweet-of-another-month.json");

    Tweet original = status.embedded().get(0);
    assertThat(status.embedded()).hasSize(1);
    assertThat(status.tweet().retweetOf()).isEqualTo(new Tweet.TweetRef(682712836207542285L, 601,
        Instant.parse("2015-12-31T23:59:59Z").toEpochMilli()));
    assertThat(original.createdAt()).isEqualTo(Instant.parse("2015-12-31T23:59:59Z").toEpochMilli());
    assertThat(original.observedAt()).as("seen when the retweet was").isEqualTo(status.tweet().createdAt());
    assertThat(original.hashtags()).containsExactly("bye2015");
    JsonNode stored = Json.tree(status.tweet().json());
    assertThat(stored.get("retweeted_status").get("id").asLong()).isEqualTo(original.id());
    assertThat(stored.get("retweeted_status").has("text")).as("the original is stored once, as its own row").isFalse();
    assertThat(stored.get("user").has("followers_count")).as("the profile goes to the user table").isFalse();
  }

  @Test
  void aRetweetOfAQuoteYieldsBothOriginalsOnce() throws Exception {
    StreamItem.Status status = status("retweet-of-a-quote.json");

    assertThat(status.embedded()).extracting(Tweet::id)
        .containsExactlyInAnyOrder(694112958673846287L, 693720371819446288L);
    Tweet quoting = status.embedded().stream().filter(t -> t.id() == 694112958673846287L).findFirst().orElseThrow();
    assertThat(quoting.quoteOf().id()).isEqualTo(693720371819446288L);
    assertThat(status.tweet().quoteOf()).as("the quote belongs to the original, not the retweet").isNull();
  }

  @Test
  void entityIndicesCountCodePointsNotJavaChars() throws Exception {
    Tweet t = status("emoji-before-hashtag.json").tweet();

    assertThat(t.hashtags()).containsExactly("Fixtures");
    assertThat(t.plainText()).doesNotContain("#Fixtures").contains("love").contains("day");
    assertThat(t.plainText().codePoints().filter(Character::isSupplementaryCodePoint).count())
        .as("emoji outside the entities survive").isEqualTo(3);
  }

  @Test
  void keepsNonLatinTextIntact() throws Exception {
    Tweet t = status("japanese.json").tweet();

    assertThat(t.text()).isEqualTo("今日は東京で花火大会を見ました");
    assertThat(t.lang()).isEqualTo("ja");
  }

  @Test
  void recognisesADeleteNotice() throws Exception {
    assertThat(parser.parse(Fixtures.line("delete-notice.json")))
        .isEqualTo(new StreamItem.DeleteNotice(366174589547446290L, 901, 1376138000000L));
  }

  @Test
  void storedJsonParsesBackToTheSameFields() throws Exception {
    for (String fixture : new String[] {"v1-status-2011.json", "retweet-of-another-month.json",
        "retweet-of-a-quote.json", "emoji-before-hashtag.json", "japanese.json"}) {
      for (Tweet t : status(fixture).all()) {
        Tweet again = ((StreamItem.Status) parser.parse(t.json())).tweet();
        assertThat(again).as(fixture).usingRecursiveComparison().ignoringFields("json", "user.json", "observedAt")
            .isEqualTo(t);
      }
    }
  }

  private StreamItem.Status status(String fixture) throws MalformedTweetException {
    return (StreamItem.Status) parser.parse(Fixtures.line(fixture));
  }
}
