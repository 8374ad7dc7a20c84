package org.observatory.api.query.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.output.QueryResult;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexCatalog;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthIndex;
import org.observatory.schemas.tables.TableNames;

/** Which months a window scans, and which it leaves out and why, from the catalog alone; no store. */
class IndexPlannerTest {
  private static final TableNames NAMES = new TableNames("planner");
  private static final IndexSpec SPEC = IndexSpec.defaults();
  private static final IndexDefinition MEME = SPEC.index("meme").orElseThrow();
  private static final IndexDefinition MEME_WITHOUT_USER_IDS =
      new IndexDefinition("meme", MEME.keys(), MEME.qualifier(), null, null);
  private static final IndexDefinition MEME_OTHER_KEYS =
      new IndexDefinition("meme", MEME.keys().subList(0, 1), MEME.qualifier(), MEME.value(), null);
  private static final Month JUNE = Month.parse("2013-06");
  private static final Month JULY = Month.parse("2013-07");
  private static final Month AUGUST = Month.parse("2013-08");
  private static final Month SEPTEMBER = Month.parse("2013-09");
  private static final TimeWindow SUMMER = TimeWindow.parse("2013-05-15", "2013-09-30", 400);

  private final IndexCatalog catalog = mock(IndexCatalog.class);
  private final TableCatalog tables = mock(TableCatalog.class);
  private final IndexPlanner planner = new IndexPlanner(catalog, tables, NAMES, SPEC);

  @BeforeEach
  void stubTheStore() throws Exception {
    when(tables.exists(any())).thenReturn(false);
    when(catalog.recent(any(), any())).thenReturn(Optional.empty());
  }

  @Test
  void scansMonthsWhoseIndexHoldsTheKeysInForceAndSaysWhichCarryUserIds() throws Exception {
    stored(JUNE, entry(JUNE, false, MEME));
    stored(JULY, entry(JULY, false, MEME_WITHOUT_USER_IDS));

    IndexPlanner.Plan plan = planner.plan("meme", SUMMER);

    assertThat(plan.sources().keySet()).containsExactly(JUNE, JULY);
    assertThat(plan.sources().get(JUNE).userIds()).isTrue();
    assertThat(plan.sources().get(JULY).userIds()).as("other cell values, same rows: scanned").isFalse();
    assertThat(plan.skipped()).isEmpty();
  }

  @Test
  void leavesOutAndExplainsMonthsThatCannotAnswerExactly() throws Exception {
    stored(JUNE, entry(JUNE, true, MEME));
    stored(JULY, entry(JULY, false, MEME_OTHER_KEYS));
    when(tables.exists(NAMES.tweets(AUGUST))).thenReturn(true); // tweets, but no meme index at all

    IndexPlanner.Plan plan = planner.plan("meme", SUMMER);

    assertThat(plan.sources()).isEmpty();
    assertThat(plan.skipped()).extracting(QueryResult.Skipped::month).containsExactly("2013-06", "2013-07", "2013-08");
    assertThat(plan.skipped().get(0).reason()).contains("created after some of the month's tweets were stored");
    assertThat(plan.skipped().get(1).reason()).contains("another definition");
    assertThat(plan.skipped().get(2).reason()).contains("have no meme index");
    assertThat(plan.skipped()).allSatisfy(s -> assertThat(s.reason())
        .contains("observatory reindex --index meme " + s.month()));
  }

  @Test
  void passesOverMonthsWithoutTablesAndScansAnIndexALoaderIsStillCreating() throws Exception {
    when(tables.exists(NAMES.index("meme", SEPTEMBER))).thenReturn(true); // no catalog entry yet

    IndexPlanner.Plan plan = planner.plan("meme", SUMMER);

    assertThat(plan.sources().keySet()).containsExactly(SEPTEMBER);
    assertThat(plan.sources().get(SEPTEMBER).table()).isEqualTo(NAMES.index("meme", SEPTEMBER));
    assertThat(plan.skipped()).isEmpty();
  }

  private void stored(Month month, MonthIndex entry) throws Exception {
    when(tables.exists(NAMES.tweets(month))).thenReturn(true);
    when(tables.exists(NAMES.index("meme", month))).thenReturn(true);
    when(catalog.recent(eq("meme"), eq(month))).thenReturn(Optional.of(entry));
  }

  private static MonthIndex entry(Month month, boolean partial, IndexDefinition definition) {
    return new MonthIndex("meme", month, 1, List.of(definition), partial, MonthIndex.BY_LOAD, 0, null);
  }
}
