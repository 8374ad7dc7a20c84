package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;

class TableNamesTest {
  private final TableNames names = new TableNames("observatory");
  private final Month august = Month.parse("2013-08");

  @Test
  void namesEachTableOfAMonth() {
    assertThat(names.tweets(august).getNameAsString()).isEqualTo("observatory:tweets-2013-08");
    assertThat(names.users(august).getNameAsString()).isEqualTo("observatory:users-2013-08");
    assertThat(names.index("user-tweets", august).getNameAsString()).isEqualTo("observatory:index-user-tweets-2013-08");
  }

  @Test
  void namesRevisionsOfAnIndexTableApartFromOtherIndexes() {
    assertThat(names.index("meme", august, 1)).isEqualTo(names.index("meme", august));
    assertThat(names.index("meme", august, 2).getNameAsString()).isEqualTo("observatory:index-meme.r2-2013-08");
    assertThat(names.monthOf(names.index("meme", august, 12))).contains(august);
    assertThat(names.monthOf(names.indexCatalog())).isEmpty();
    assertThatThrownBy(() -> names.index("meme", august, 0)).hasMessageContaining("from 1");
  }

  @Test
  void readsTheMonthBackOnlyFromItsOwnNamespacesMonthTables() {
    assertThat(names.monthOf(names.index("meme", august))).contains(august);
    assertThat(names.monthOf(TableName.valueOf("other", "tweets-2013-08"))).isEmpty();
    assertThat(names.monthOf(TableName.valueOf("observatory", "tweets"))).isEmpty();
  }

  @Test
  void readsTheIndexBackFromItsTablesOfEveryRevision() {
    assertThat(names.indexOf(names.index("user-tweets", august))).contains("user-tweets");
    assertThat(names.indexOf(names.index("meme", august, 12))).contains("meme");
    assertThat(names.indexOf(names.tweets(august))).isEmpty();
    assertThat(names.indexOf(names.indexCatalog())).isEmpty();
    assertThat(names.indexOf(TableName.valueOf("other", "index-meme-2013-08"))).isEmpty();
  }

  @Test
  void rejectsIndexNamesThatWouldMakeAmbiguousTableNames() {
    assertThatThrownBy(() -> names.index("Meme", august)).hasMessageContaining("lower-case");
    assertThatThrownBy(() -> names.index("a b", august)).hasMessageContaining("lower-case");
    assertThatThrownBy(() -> new TableNames("bad:ns")).hasMessageContaining("namespace");
  }
}
