package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class CountTableTest {
  private static final Month JUNE = Month.parse("2012-06");
  private static final TableName MEME = new TableNames("observatory").index("meme", JUNE);

  @Test
  void hoursCountFromTheMonthsStart() {
    long lastHour = Instant.parse("2012-06-30T23:59:59Z").toEpochMilli();

    assertThat(CountTable.hourOf(JUNE, JUNE.startMillis())).isZero();
    assertThat(CountTable.hourOf(JUNE, lastHour)).isEqualTo(30 * 24 - 1);
    assertThat(CountTable.hourStart(JUNE, 30 * 24 - 1)).isEqualTo(Instant.parse("2012-06-30T23:00:00Z").toEpochMilli());
  }

  @Test
  void countsReadBackWithTheGenerationTheyWereTakenAt() {
    CountTable.Slot slot = CountTable.counts(MEME, List.of(CountTable.spelled("#euro2012", false)));
    Put put = CountTable.put(slot, Map.of(5, kept(7, Bytes.toBytes(1234L)), 700, kept(0, Bytes.toBytes(0L))));

    Map<Integer, CountTable.Kept> read = CountTable.kept(slot, Result.create(put.getFamilyCellMap().get(CountTable.COUNTS)));

    assertThat(read).containsOnlyKeys(5, 700);
    assertThat(read.get(5).generation()).isEqualTo(7);
    assertThat(read.get(5).value().getLong(read.get(5).value().position())).isEqualTo(1234);
    assertThat(read.get(5).value().remaining()).isEqualTo(Long.BYTES);
    assertThat(read.get(700).generation()).isZero();
  }

  @Test
  void aCountIsStoredAsTheCountThenItsGeneration() {
    CountTable.Slot slot = CountTable.counts(MEME, List.of("=#a"));
    Cell cell = CountTable.put(slot, Map.of(5, kept(7, Bytes.toBytes(1234L)))).get(CountTable.COUNTS, Bytes.toBytes((short) 5))
        .get(0);

    assertThat(CellUtil.cloneValue(cell)).isEqualTo(Bytes.add(Bytes.toBytes(1234L), Bytes.toBytes(7L)));
  }

  @Test
  void aTallyIsStoredAsItsGenerationThenTheQuerysBytes() {
    CountTable.Slot slot = CountTable.tallies(MEME, "user-post-count", List.of("=#a"));
    byte[] tally = Bytes.toBytes("what the query wrote");
    Put put = CountTable.put(slot, Map.of(9, kept(3, tally)));

    assertThat(CellUtil.cloneValue(put.get(CountTable.COUNTS, Bytes.toBytes((short) 9)).get(0)))
        .isEqualTo(Bytes.add(Bytes.toBytes(3L), tally));
    CountTable.Kept read = CountTable.kept(slot, Result.create(put.getFamilyCellMap().get(CountTable.COUNTS))).get(9);
    assertThat(read.generation()).isEqualTo(3);
    assertThat(Bytes.getBytes(read.value())).isEqualTo(tally);
  }

  @Test
  void aKeySetsRowIsItsTableAndADigestOfItsKeysSortedEachEndedByZero() throws Exception {
    byte[] one = CountTable.counts(MEME, List.of("=#b", "=#a", "=#b")).row();

    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    byte[] digest = sha.digest("=#a\0=#b\0".getBytes(StandardCharsets.UTF_8));
    assertThat(one).isEqualTo(Bytes.add(Bytes.toBytes("n/index-meme-2012-06/"), digest));
    assertThat(one).isNotEqualTo(CountTable.counts(MEME, List.of("=#a#", "=b")).row()); // keys kept apart
    assertThat(one).isNotEqualTo(CountTable.counts(new TableNames("observatory").index("meme", JUNE, 2),
        List.of("=#a", "=#b")).row());
    assertThat(CountTable.tallies(MEME, "user-post-count", List.of("=#b", "=#a")).row()).isEqualTo(Bytes.add(
        Bytes.toBytes("t/index-meme-2012-06/"), sha.digest("user-post-count\0=#a\0=#b\0".getBytes(StandardCharsets.UTF_8))));
    assertThat(CountTable.keyCounts(MEME, "user ").row()).isEqualTo(Bytes.add(
        Bytes.toBytes("t/index-meme-2012-06/"), sha.digest("hourly-key-tallies\0user \0".getBytes(StandardCharsets.UTF_8))));
  }

  private static CountTable.Kept kept(long generation, byte[] value) {
    return new CountTable.Kept(generation, ByteBuffer.wrap(value));
  }

  @Test
  void aBumpMovesOnEachHourOnce() {
    Cell[] cells = CountTable.bump(JUNE, List.of(0, 3, 719)).getFamilyCellMap().get(CountTable.GENERATIONS)
        .toArray(Cell[]::new);

    assertThat(cells).extracting(c -> Bytes.toShort(CellUtil.cloneQualifier(c))).containsExactly((short) 0, (short) 3,
        (short) 719);
    assertThat(cells).extracting(c -> Bytes.toLong(CellUtil.cloneValue(c))).containsOnly(1L);
  }

  @Test
  void writtenHoursGoThroughAFileAndBack() throws Exception {
    WrittenHours hours = new WrittenHours();
    hours.add(Instant.parse("2012-06-02T01:30:00Z").toEpochMilli());
    hours.add(Instant.parse("2012-06-02T01:59:00Z").toEpochMilli());
    hours.add(Instant.parse("2011-12-31T23:00:00Z").toEpochMilli());
    StringWriter file = new StringWriter();
    try (PrintWriter out = new PrintWriter(file)) {
      hours.writeTo(out);
    }

    WrittenHours read = new WrittenHours();
    read.readFrom(new BufferedReader(new StringReader(file.toString())));
    StringWriter again = new StringWriter();
    try (PrintWriter out = new PrintWriter(again)) {
      read.writeTo(out);
    }

    assertThat(file.toString().lines()).containsExactly("2011-12 743", "2012-06 25");
    assertThat(again.toString()).isEqualTo(file.toString());
  }
}
