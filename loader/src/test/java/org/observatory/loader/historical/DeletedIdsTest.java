package org.observatory.loader.historical;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DeletedIdsTest {
  private static final long JUNE_2012 = 208_000_000_000_000_000L; // snowflake ids of the generated days

  @Test
  void containsExactlyTheIdsItWasGiven() {
    Random random = new Random(7);
    Set<Long> deleted = new HashSet<>();
    while (deleted.size() < 50_000) {
      deleted.add(JUNE_2012 + random.nextLong(1L << 52));
    }
    DeletedIds ids = new DeletedIds(deleted);

    assertThat(deleted).allMatch(ids::contains);
    int others = 0;
    for (int i = 0; i < 1_000_000; i++) {
      long id = JUNE_2012 + random.nextLong(1L << 52);
      if (!deleted.contains(id)) {
        others++;
        assertThat(ids.contains(id)).as("id %d, never deleted", id).isFalse();
      }
    }
    assertThat(others).isGreaterThan(990_000);
    assertThat(ids.isEmpty()).isFalse();
  }

  @Test
  void noIdsContainNone() {
    DeletedIds none = new DeletedIds(List.of());

    assertThat(none.isEmpty()).isTrue();
    assertThat(none.contains(0)).isFalse();
    assertThat(none.contains(JUNE_2012)).isFalse();
    assertThat(none.contains(-1)).isFalse();
  }

  @Test
  void neighbouringIdsAreToldApart() { // a snowflake's low bits vary little between tweets of one moment
    DeletedIds ids = new DeletedIds(List.of(JUNE_2012, JUNE_2012 + 2, Long.MAX_VALUE, Long.MIN_VALUE, 0L));

    assertThat(ids.contains(JUNE_2012)).isTrue();
    assertThat(ids.contains(JUNE_2012 + 1)).isFalse();
    assertThat(ids.contains(JUNE_2012 + 2)).isTrue();
    assertThat(ids.contains(Long.MAX_VALUE)).isTrue();
    assertThat(ids.contains(Long.MIN_VALUE)).isTrue();
    assertThat(ids.contains(0)).isTrue();
    assertThat(ids.contains(1)).isFalse();
  }
}
