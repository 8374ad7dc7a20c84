package org.observatory.api.query.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.observatory.api.query.Meme;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.TimeWindow;
import org.observatory.schemas.index.IndexSpec;

class QueryParametersTest {
  private static final MemeKeys SHIPPED = MemeKeys.of(IndexSpec.defaults());

  @Test
  void aDateEndIncludesTheWholeDay() {
    TimeWindow w = TimeWindow.parse("2013-08-10", "2013-08-10", 10);
    assertThat(w.startInstant()).isEqualTo(Instant.parse("2013-08-10T00:00:00Z"));
    assertThat(w.endInstant()).isEqualTo(Instant.parse("2013-08-11T00:00:00Z"));
  }

  @Test
  void aDateTimeEndIsTheLastInstantIncludedAndOffsetsAreHonoured() {
    TimeWindow w = TimeWindow.parse("2013-08-10T11:00", "2013-08-10T13:00:00+02:00", 10);
    assertThat(w.startInstant()).isEqualTo(Instant.parse("2013-08-10T11:00:00Z"));
    assertThat(w.endExclusive()).isEqualTo(Instant.parse("2013-08-10T11:00:00Z").toEpochMilli() + 1);
  }

  @Test
  void rejectsWindowsThatCannotBeAnswered() {
    assertThatThrownBy(() -> TimeWindow.parse("2013-08-10", "2013-08-09", 10)).hasMessageContaining("before start");
    assertThatThrownBy(() -> TimeWindow.parse("2013-08-10T12:00Z", "2013-08-10T11:00Z", 10)).hasMessageContaining("before start");
    assertThatThrownBy(() -> TimeWindow.parse("2013-01-01", "2013-12-31", 30)).hasMessageContaining("maximum of 30 days");
    assertThatThrownBy(() -> TimeWindow.parse("2013-02-30", "2013-03-01", 30)).hasMessageContaining("'start'");
    assertThatThrownBy(() -> TimeWindow.parse(" ", "2013-03-01", 30)).hasMessageContaining("missing parameter 'start'");
  }

  @Test
  void memesAreFoldedToTheirIndexKeysAndAskedOnce() {
    assertThat(SHIPPED.parseList("#Euro2012, #euro2012,@BBCSport,@id:123,https://t.co/x", 10))
        .extracting(Meme::indexKey)
        .containsExactly("#euro2012", "@bbcsport", "@id:123", "https://t.co/x");
  }

  @Test
  void aTrailingStarMakesAPrefixPattern() {
    Meme pattern = SHIPPED.parse("#Euro*");
    assertThat(pattern.isPrefix()).isTrue();
    assertThat(pattern.indexKey()).isEqualTo("#euro");
    assertThat(pattern.text()).isEqualTo("#euro*");
    assertThat(SHIPPED.parse("https://example.org/news/*").indexKey()).isEqualTo("https://example.org/news/");
    assertThat(SHIPPED.parse("#euro").isPrefix()).isFalse();
  }

  @Test
  void rejectsPatternsThatAreTooBroadOrMisplaced() {
    assertThatThrownBy(() -> SHIPPED.parse("#e*")).hasMessageContaining("at least 2 characters");
    assertThatThrownBy(() -> SHIPPED.parse("@*")).hasMessageContaining("at least 2 characters");
    assertThatThrownBy(() -> SHIPPED.parse("#eu*ro")).hasMessageContaining("only at the end");
    assertThatThrownBy(() -> SHIPPED.parse("https://*")).hasMessageContaining("at least");
  }

  @Test
  void readsABlueskyHandleAsAMention() {
    assertThat(SHIPPED.parse("@Alice.bsky.social").indexKey()).isEqualTo("@alice.bsky.social");
    assertThatThrownBy(() -> SHIPPED.parse("@alice..bsky")).hasMessageContaining("not a mention");
  }

  @Test
  void rejectsWhatIsNotAMeme() {
    assertThatThrownBy(() -> SHIPPED.parse("euro")).hasMessageContaining("not a meme");
    assertThatThrownBy(() -> SHIPPED.parse("#")).hasMessageContaining("not a hashtag");
    assertThatThrownBy(() -> SHIPPED.parse("@bad-name")).hasMessageContaining("not a mention");
    assertThatThrownBy(() -> SHIPPED.parseList(",,", 10)).hasMessageContaining("names no meme");
    assertThatThrownBy(() -> SHIPPED.parseList("#a,#b,#c", 2)).hasMessageContaining("too many memes: 3");
    assertThatThrownBy(() -> SHIPPED.parse("#" + "x".repeat(40_000))).hasMessageContaining("longer than");
    assertThatThrownBy(() -> SHIPPED.parse("https://example.org/" + "x".repeat(40_000))).hasMessageContaining("longer than");
  }
}
