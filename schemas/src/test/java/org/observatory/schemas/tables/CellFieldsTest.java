package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.KeyRule;
import org.observatory.schemas.tweet.Tweet;

class CellFieldsTest {
  private static final List<KeyRule> HASHTAGS = List.of(new KeyRule("hashtags", org.observatory.schemas.index.KeyForm.LOWERCASE, "#"));
  private static final Tweet RETWEET = new Tweet(30, 1_400_000_000_000L, 1_400_000_000_000L, "RT @b: x", "en",
      new Tweet.User(7, "Ann", null), List.of("euro"), List.of(new Tweet.Mention(8, "b"), new Tweet.Mention(9, "Çé")),
      List.of(), List.of(), new Tweet.TweetRef(20, 8, 1_300_000_000_000L), null, null, null);

  @Test
  void aCellCarryingNothingHoldsTheValueIdAlone() {
    IndexDefinition index = new IndexDefinition("meme", HASHTAGS, null, "user.id", null);

    byte[] value = CellFields.valueOf(index, RETWEET);

    assertThat(value).isEqualTo(RowKeys.id(7));
    assertThat(CellFields.read(index, value, 0, value.length)).isEqualTo(Map.of("user.id", List.of("7")));
  }

  @Test
  void carriedFieldsReadBackAfterTheValueId() {
    IndexDefinition index = new IndexDefinition("meme", HASHTAGS, null, "user.id",
        List.of("user.screen_name", "retweet_of.user.id", "mentions.id", "mentions.screen_name", "quote_of.user.id"), null);

    byte[] value = CellFields.valueOf(index, RETWEET);

    assertThat(RowKeys.id(value, 0, 8)).as("the value id comes first, as readers of user ids expect").isEqualTo(7);
    assertThat(CellFields.read(index, value, 0, value.length)).containsExactly(
        Map.entry("user.id", List.of("7")), Map.entry("user.screen_name", List.of("Ann")),
        Map.entry("retweet_of.user.id", List.of("8")), Map.entry("mentions.id", List.of("8", "9")),
        Map.entry("mentions.screen_name", List.of("b", "Çé")), Map.entry("quote_of.user.id", List.of()));
  }

  @Test
  void aRulesCellsHoldWhatItCarriesAfterTheIndexs() {
    KeyRule poster = new KeyRule("user.id", org.observatory.schemas.index.KeyForm.AS_IS, "user ", List.of("user.screen_name"));
    IndexDefinition index = new IndexDefinition("trend", List.of(HASHTAGS.get(0), poster), null, null, null);

    byte[] value = CellFields.valueOf(index, poster, RETWEET);

    assertThat(CellFields.valueOf(index, HASHTAGS.get(0), RETWEET)).as("the other rule's cells stay empty").isNull();
    assertThat(CellFields.read(index, poster, value, 0, value.length))
        .containsExactly(Map.entry("user.screen_name", List.of("Ann")));
  }
}
