package org.observatory.schemas.tweet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Values read by position against java.time's own reading of the same pattern. */
class TwitterDatesTest {
  private static final DateTimeFormatter PATTERN = DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss Z yyyy", Locale.ENGLISH);

  @Test
  void readsWhatTheFormatterReadsAtAnyInstantAndOffset() throws Exception {
    Random random = new Random(2012);
    long from = Instant.parse("2006-03-21T00:00:00Z").getEpochSecond();
    long to = Instant.parse("2031-01-01T00:00:00Z").getEpochSecond();
    for (int i = 0; i < 20_000; i++) {
      Instant instant = Instant.ofEpochSecond(from + (long) (random.nextDouble() * (to - from)));
      ZoneOffset offset = i % 4 == 0 ? ZoneOffset.UTC : ZoneOffset.ofTotalSeconds((random.nextInt(26 * 4) - 12 * 4) * 900);
      String text = PATTERN.format(instant.atOffset(offset));
      assertThat(TwitterDates.byPosition(text)).as(text).isEqualTo(instant.toEpochMilli());
      assertThat(TwitterDates.parse(text)).as(text).isEqualTo(instant.toEpochMilli());
    }
  }

  @Test
  void refusesWhatTheFormatterRefuses() {
    for (String bad : new String[] {"yesterday", "", "Wed Sep 28 02:35:11 +0000 201", "Wed Sep 28 02:35:11 +0000 20111",
        "Thu Sep 28 02:35:11 +0000 2011", "Wed Sep 31 02:35:11 +0000 2011", "Wed Sep 28 24:35:11 +0000 2011",
        "Wed Sep 28 02:60:11 +0000 2011", "Wed Sep 28 02:35:60 +0000 2011", "Wed Sex 28 02:35:11 +0000 2011",
        "wed Sep 28 02:35:11 +0000 2011", "Wed Sep 28 02:35:11 *0000 2011", "Wed Sep 28 02:35:11 +0000 2011 ",
        "Wed Sep 2a 02:35:11 +0000 2011", "Wed Sep 28 02-35-11 +0000 2011", "Wed Sep 28 02:35:11 +1900 2011"}) {
      assertThatThrownBy(() -> ZonedDateTime.parse(bad, PATTERN)).as("the formatter refuses '%s'", bad);
      assertThat(TwitterDates.byPosition(bad)).as(bad).isEqualTo(TwitterDates.UNREAD);
      assertThatThrownBy(() -> TwitterDates.parse(bad)).as(bad).isInstanceOf(MalformedTweetException.class);
    }
  }
}
