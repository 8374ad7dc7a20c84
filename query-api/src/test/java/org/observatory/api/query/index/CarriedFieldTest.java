package org.observatory.api.query.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.KeyForm;
import org.observatory.schemas.index.KeyRule;
import org.observatory.schemas.tables.CellFields;
import org.observatory.schemas.tweet.Tweet;

/** Which months' cells name a key rule's keys, and how they are read: by the definitions that wrote them. */
class CarriedFieldTest {
  private static final KeyRule BARE = new KeyRule("user.id", KeyForm.AS_IS, "user ");
  private static final KeyRule NAMING = new KeyRule("user.id", KeyForm.AS_IS, "user ", List.of("user.screen_name"));
  private static final KeyRule NAMING_TWICE = new KeyRule("user.id", KeyForm.AS_IS, "user ",
      List.of("lang", "user.screen_name"));
  private static final Tweet TWEET = new Tweet(30, 1_400_000_000_000L, 1_400_000_000_000L, "hi", "en",
      new Tweet.User(7, "Ann", null), List.of(), List.of(), List.of(), List.of(), null, null, null, null);

  @Test
  void aMonthBuiltBeforeTheRuleCarriedTheNameNamesNothingAndAMixedOneReadsTheCellsThatHoldIt() {
    IndexDefinition bare = trend(BARE);
    IndexDefinition naming = trend(NAMING);

    assertThat(CarriedField.of(source(bare), "user.id", "user.screen_name")).isEmpty();
    CarriedField mixed = CarriedField.of(source(bare, naming), "user.id", "user.screen_name").orElseThrow();
    assertThat(mixed.read(cell(CellFields.valueOf(naming, NAMING, TWEET)))).isEqualTo("Ann");
    assertThat(mixed.read(cell(new byte[0]))).as("a cell the bare definition wrote").isNull();
  }

  @Test
  void definitionsLayingTheCellsOutDifferentlyNameNothingRatherThanMisread() {
    assertThat(CarriedField.of(source(trend(NAMING), trend(NAMING_TWICE)), "user.id", "user.screen_name")).isEmpty();
    CarriedField twice = CarriedField.of(source(trend(NAMING_TWICE)), "user.id", "user.screen_name").orElseThrow();
    assertThat(twice.read(cell(CellFields.valueOf(trend(NAMING_TWICE), NAMING_TWICE, TWEET)))).isEqualTo("Ann");
  }

  private static IndexDefinition trend(KeyRule poster) {
    return new IndexDefinition("trend", List.of(new KeyRule("hashtags", KeyForm.LOWERCASE, "#"), poster), null, null,
        List.of(), null, true);
  }

  private static IndexPlanner.Source source(IndexDefinition... builtBy) {
    return new IndexPlanner.Source(TableName.valueOf("t"), false, null, List.of(builtBy));
  }

  private static KeyValue cell(byte[] value) {
    return new KeyValue(Bytes.toBytes("row"), Bytes.toBytes("i"), Bytes.toBytes("q"), 1L, value == null ? new byte[0] : value);
  }
}
