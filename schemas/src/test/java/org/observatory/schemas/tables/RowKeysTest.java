package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class RowKeysTest {
  @Test
  void aTweetRowIsTheIdAsEightBigEndianBytes() {
    assertThat(RowKeys.tweet(0x0102030405060708L)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
  }

  @Test
  void tweetRowsSortAsTheirIds() {
    assertThat(Bytes.compareTo(RowKeys.tweet(255), RowKeys.tweet(256))).isNegative();
    assertThat(Bytes.compareTo(RowKeys.tweet(366151943065833472L), RowKeys.tweet(684638028707401728L))).isNegative();
  }

  @Test
  void aUserRowIsUserIdThenTweetId() {
    assertThat(RowKeys.user(1, 2)).containsExactly(0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2);
    byte[] padded = Bytes.add(new byte[] {9}, RowKeys.user(7, 684638028707401728L));
    assertThat(RowKeys.userRowTweetId(padded, 1, 16)).isEqualTo(684638028707401728L);
    assertThatThrownBy(() -> RowKeys.userRowTweetId(padded, 1, 8)).hasMessageContaining("not 8");
  }

  @Test
  void anIdReadsBackFromItsBytesAndFromAnArrayInPlace() {
    assertThat(RowKeys.id(RowKeys.id(684638028707401728L))).isEqualTo(684638028707401728L);
    byte[] padded = Bytes.add(new byte[] {9, 9}, RowKeys.id(42));
    assertThat(RowKeys.id(padded, 2, 8)).isEqualTo(42);
  }

  @Test
  void rejectsIdsOfTheWrongWidthAndNegativeIds() {
    assertThatThrownBy(() -> RowKeys.id(new byte[7])).hasMessageContaining("8 bytes, got 7");
    assertThatThrownBy(() -> RowKeys.id(new byte[0])).hasMessageContaining("got 0");
    assertThatThrownBy(() -> RowKeys.id(new byte[10], 0, 9)).hasMessageContaining("not 9");
    assertThatThrownBy(() -> RowKeys.id(-1)).hasMessageContaining("positive");
  }

  @Test
  void anIndexRowIsItsKeyInUtf8() {
    assertThat(RowKeys.index("#été")).containsExactly('#', 0xc3 - 256, 0xa9 - 256, 't', 0xc3 - 256, 0xa9 - 256);
    assertThat(RowKeys.indexKey(RowKeys.index("ภาษา"))).isEqualTo("ภาษา");
    assertThatThrownBy(() -> RowKeys.index("")).hasMessageContaining("empty");
  }
}
