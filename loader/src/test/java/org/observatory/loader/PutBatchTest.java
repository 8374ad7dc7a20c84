package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.observatory.indexer.TableMutation;
import org.observatory.schemas.tables.Month;

class PutBatchTest {
  private static final Month JUNE = Month.parse("2012-06");
  private static final TableName INDEX = TableName.valueOf("index");

  @Test
  void thePutsOfOneRowArriveAsOnePutWithEveryCellOfEveryFamily() {
    PutBatch batch = new PutBatch(true);
    batch.add(List.of(put("#a", "f", 1), put("#b", "f", 2)));
    batch.add(List.of(put("#a", "f", 3), put("#a", "g", 4)));

    List<TablePuts> drained = batch.drain();

    assertThat(drained).singleElement().satisfies(t -> assertThat(t.month()).isEqualTo(JUNE));
    List<Put> puts = drained.get(0).puts();
    assertThat(puts).extracting(p -> Bytes.toString(p.getRow())).containsExactlyInAnyOrder("#a", "#b");
    Put a = puts.stream().filter(p -> Bytes.toString(p.getRow()).equals("#a")).findFirst().orElseThrow();
    assertThat(cells(a)).containsExactlyInAnyOrder("#a/f/1", "#a/f/3", "#a/g/4");
    assertThat(a.size()).isEqualTo(3);
    assertThat(batch.drain()).as("drained empty").isEmpty();
  }

  @Test
  void unmergedEachPutStaysItsOwn() {
    PutBatch batch = new PutBatch(false);
    batch.add(List.of(put("#a", "f", 1)));
    batch.add(List.of(put("#a", "f", 2)));

    assertThat(batch.drain().get(0).puts()).hasSize(2).allSatisfy(p -> assertThat(p.size()).isEqualTo(1));
  }

  private static TableMutation put(String row, String family, long tweet) {
    Put put = new Put(Bytes.toBytes(row)).addColumn(Bytes.toBytes(family), Bytes.toBytes(tweet), tweet, new byte[0]);
    return new TableMutation(JUNE, INDEX, "meme", put);
  }

  private static List<String> cells(Put put) {
    return put.getFamilyCellMap().values().stream().flatMap(List::stream)
        .map(c -> Bytes.toString(CellUtil.cloneRow(c)) + "/" + Bytes.toString(CellUtil.cloneFamily(c)) + "/"
            + Bytes.toLong(CellUtil.cloneQualifier(c)))
        .toList();
  }
}
