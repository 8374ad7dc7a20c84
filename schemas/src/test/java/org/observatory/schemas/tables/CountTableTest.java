package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
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
    Put put = CountTable.put(MEME, List.of("=#euro2012"), Map.of(5, new CountTable.Count(1234, 7), 700,
        new CountTable.Count(0, 0)));

    Map<Integer, CountTable.Count> read = CountTable.counts(Result.create(put.getFamilyCellMap().get(CountTable.COUNTS)));

    assertThat(read).containsExactlyInAnyOrderEntriesOf(Map.of(5, new CountTable.Count(1234, 7), 700,
        new CountTable.Count(0, 0)));
  }

  @Test
  void aKeySetsRowIsItsTableAndADigestOfItsKeysInOrder() {
    byte[] one = CountTable.counts(MEME, List.of("=#a", "=#b")).getRow();

    assertThat(Bytes.toString(one)).startsWith("n/index-meme-2012-06/");
    assertThat(one).hasSize("n/index-meme-2012-06/".length() + 32);
    assertThat(one).isNotEqualTo(CountTable.counts(MEME, List.of("=#a#", "=b")).getRow()); // keys kept apart
    assertThat(one).isNotEqualTo(CountTable.counts(new TableNames("observatory").index("meme", JUNE, 2),
        List.of("=#a", "=#b")).getRow());
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
