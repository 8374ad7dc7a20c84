package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class MonthTest {
  @Test
  void aMonthIsTheUtcMonthOfAnInstant() {
    assertThat(Month.of(Instant.parse("2013-08-31T23:59:59.999Z").toEpochMilli())).isEqualTo(Month.parse("2013-08"));
    assertThat(Month.of(Instant.parse("2013-09-01T00:00:00Z").toEpochMilli())).isEqualTo(Month.parse("2013-09"));
    assertThat(Month.of(Instant.parse("2016-02-29T12:00:00Z").toEpochMilli())).isEqualTo(Month.parse("2016-02"));
    assertThat(Month.of(-1)).as("a millisecond before the epoch").isEqualTo(Month.parse("1969-12"));
  }

  @Test
  void listsTheMonthsAWindowOverlaps() {
    long start = Instant.parse("2015-12-31T12:00:00Z").toEpochMilli();
    long end = Instant.parse("2016-02-01T00:00:00Z").toEpochMilli();
    assertThat(Month.overlapping(start, end)).extracting(Month::toString).containsExactly("2015-12", "2016-01");
  }

  @Test
  void rejectsTextThatIsNotAMonth() {
    assertThatThrownBy(() -> Month.parse("2013-8")).hasMessageContaining("YYYY-MM");
  }
}
