package org.observatory.api.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class QueryLimiterTest {
  @Test
  void admitsUpToTheLimitThenRefusesWithAMessageUntilAPlaceIsFree() throws Exception {
    QueryLimiter limiter = new QueryLimiter(2, 50);

    QueryLimiter.Permit first = limiter.admit();
    QueryLimiter.Permit second = limiter.admit();

    assertThatThrownBy(limiter::admit).isInstanceOf(QueryRejectedException.class)
        .hasMessageContaining("2 queries are running");
    first.close();
    try (QueryLimiter.Permit third = limiter.admit()) {
      assertThat(third).isNotNull();
    }
    second.close();
    second.close(); // closing twice frees one place only
    limiter.admit();
    limiter.admit();
    assertThatThrownBy(limiter::admit).isInstanceOf(QueryRejectedException.class);
  }
}
