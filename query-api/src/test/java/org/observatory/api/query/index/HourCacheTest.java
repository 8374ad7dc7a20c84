package org.observatory.api.query.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.junit.jupiter.api.Test;
import org.observatory.schemas.tables.CountTable;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.TableNames;

/** The one hour cache against a counts table in memory: what stands, what a write retires, what is kept. */
class HourCacheTest {
  private static final Month JUNE = Month.parse("2012-06");
  private static final Month JULY = Month.parse("2012-07");
  private static final TableNames NAMES = new TableNames("cache");
  private static final CountTable.Slot A = CountTable.tallies(NAMES.index("meme", JUNE), "q", List.of("=#a"));
  private static final CountTable.Slot B = CountTable.tallies(NAMES.index("meme", JUNE), "q", List.of("=#b"));
  private static final CountTable.Slot IN_JULY = CountTable.tallies(NAMES.index("meme", JULY), "q", List.of("=#a"));
  /** Text as its UTF-8 bytes; a value starting "unwritable" cannot be kept. */
  private static final HourCache.Codec<String> TEXT = new HourCache.Codec<>() {
    @Override
    public Optional<ByteBuffer> encode(String value) {
      return value.startsWith("unwritable") ? Optional.empty()
          : Optional.of(ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8)));
    }

    @Override
    public String decode(ByteBuffer kept) {
      return StandardCharsets.UTF_8.decode(kept.duplicate()).toString();
    }
  };

  private final MemoryTable counts = new MemoryTable(NAMES.counts());
  private final HourCache<String> cache = new HourCache<>(() -> counts, TEXT, Integer.MAX_VALUE);

  @Test
  void nothingStandsUntilKeptAndAValueKeptStandsAtItsGeneration() throws Exception {
    HourCache.Held<String> before = cache.read(List.of(new HourCache.Wanted(JUNE, A, List.of(3, 4))));
    assertThat(before.keeping()).isTrue();
    assertThat(before.standing(0, 3)).isNull();
    assertThat(before.generation(JUNE, 3)).isZero();

    cache.keep(List.of(new HourCache.ToKeep<>(A, 3, 0, "three"), new HourCache.ToKeep<>(A, 4, 0, "four")));

    HourCache.Held<String> after = cache.read(List.of(new HourCache.Wanted(JUNE, A, List.of(3, 4))));
    assertThat(after.standing(0, 3)).isEqualTo("three");
    assertThat(after.standing(0, 4)).isEqualTo("four");
  }

  @Test
  void aWriteToAnHourRetiresWhatWasKeptOfItAndOnlyOfIt() throws Exception {
    cache.keep(List.of(new HourCache.ToKeep<>(A, 3, 0, "three"), new HourCache.ToKeep<>(A, 4, 0, "four")));

    counts.increment(CountTable.bump(JUNE, List.of(4)));

    HourCache.Held<String> held = cache.read(List.of(new HourCache.Wanted(JUNE, A, List.of(3, 4))));
    assertThat(held.standing(0, 3)).isEqualTo("three");
    assertThat(held.standing(0, 4)).as("written since").isNull();
    assertThat(held.generation(JUNE, 4)).isEqualTo(1);
    cache.keep(List.of(new HourCache.ToKeep<>(A, 4, held.generation(JUNE, 4), "four again")));
    assertThat(cache.read(List.of(new HourCache.Wanted(JUNE, A, List.of(4)))).standing(0, 4)).isEqualTo("four again");
  }

  @Test
  void aValueComputedWhileItsHourWasWrittenIsNeverTakenBack() throws Exception {
    long generation = cache.read(List.of(new HourCache.Wanted(JUNE, A, List.of(5)))).generation(JUNE, 5);
    counts.increment(CountTable.bump(JUNE, List.of(5))); // a loader writes while the query reads the cells

    cache.keep(List.of(new HourCache.ToKeep<>(A, 5, generation, "half of the hour")));

    assertThat(cache.read(List.of(new HourCache.Wanted(JUNE, A, List.of(5)))).standing(0, 5)).isNull();
  }

  @Test
  void slotsAndMonthsAreKeptApart() throws Exception {
    cache.keep(List.of(new HourCache.ToKeep<>(A, 3, 0, "a"), new HourCache.ToKeep<>(B, 3, 0, "b"),
        new HourCache.ToKeep<>(IN_JULY, 3, 0, "july")));
    counts.increment(CountTable.bump(JULY, List.of(3)));

    HourCache.Held<String> held = cache.read(List.of(new HourCache.Wanted(JUNE, B, List.of(3)),
        new HourCache.Wanted(JULY, IN_JULY, List.of(3)), new HourCache.Wanted(JUNE, A, List.of(3))));

    assertThat(held.standing(0, 3)).isEqualTo("b");
    assertThat(held.standing(1, 3)).isNull();
    assertThat(held.standing(2, 3)).isEqualTo("a");
  }

  @Test
  void whatCannotBeWrittenOrIsTooBigIsNotKept() throws Exception {
    cache.keep(List.of(new HourCache.ToKeep<>(A, 1, 0, "unwritable"),
        new HourCache.ToKeep<>(A, 2, 0, "x".repeat(HourCache.MAX_KEPT_BYTES + 1)),
        new HourCache.ToKeep<>(A, 3, 0, "x".repeat(HourCache.MAX_KEPT_BYTES))));

    HourCache.Held<String> held = cache.read(List.of(new HourCache.Wanted(JUNE, A, List.of(1, 2, 3))));
    assertThat(held.standing(0, 1)).isNull();
    assertThat(held.standing(0, 2)).isNull();
    assertThat(held.standing(0, 3)).hasSize(HourCache.MAX_KEPT_BYTES);
  }

  @Test
  void withoutACountsTableNothingIsKeptAndNothingFails() throws Exception {
    HourCache<String> none = new HourCache<>(() -> {
      throw new TableNotFoundException(NAMES.counts());
    }, TEXT, Integer.MAX_VALUE);

    HourCache.Held<String> held = none.read(List.of(new HourCache.Wanted(JUNE, A, List.of(3))));
    none.keep(List.of(new HourCache.ToKeep<>(A, 3, 0, "three")));

    assertThat(held.keeping()).isFalse();
    assertThat(held.standing(0, 3)).isNull();
  }

  @Test
  void manyHoursAreReadInRequestsOfAtMostTheHoursARequest() throws Exception {
    HourCache<String> cut = new HourCache<>(() -> counts, TEXT, 48);
    List<Integer> hours = IntStream.range(0, 100).boxed().toList();
    cut.keep(hours.stream().map(h -> new HourCache.ToKeep<>(A, h, 0, "h" + h)).toList());

    HourCache.Held<String> held = cut.read(List.of(new HourCache.Wanted(JUNE, A, hours),
        new HourCache.Wanted(JUNE, B, List.of(1, 2))));

    assertThat(counts.getRequests()).containsExactly(1, 1, 1, 2); // the generations; 48, 48, then 4 and 2 hours
    assertThat(hours).allSatisfy(h -> assertThat(held.standing(0, h)).isEqualTo("h" + h));
  }

  @Test
  void fewHoursGoInOneRequest() throws Exception {
    cache.read(List.of(new HourCache.Wanted(JUNE, A, List.of(1, 2)), new HourCache.Wanted(JUNE, B, List.of(1, 2)),
        new HourCache.Wanted(JULY, IN_JULY, List.of(1))));

    assertThat(counts.getRequests()).containsExactly(2, 3); // the two months' generations; the three slots
  }

  @Test
  void aCountTakenBackIsTheCountKept() throws Exception {
    TableName table = NAMES.index("meme", JUNE);
    HourCache<Long> countsOf = new HourCache<>(() -> counts, MemeCountsByHour.COUNT, Integer.MAX_VALUE);
    CountTable.Slot slot = CountTable.counts(table, List.of("=#a", "=#b"));

    countsOf.keep(List.of(new HourCache.ToKeep<>(slot, 7, 0, 1234L)));

    assertThat(countsOf.read(List.of(new HourCache.Wanted(JUNE, slot, List.of(7)))).standing(0, 7)).isEqualTo(1234L);
  }
}
