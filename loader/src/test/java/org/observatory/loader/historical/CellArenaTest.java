package org.observatory.loader.historical;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The arena's order is HBase's, and of equal cells it keeps the first added. */
class CellArenaTest {
  // Rows that differ only past their first eight bytes, or by trailing zero bytes, among others.
  private static final String[] ROWS = {"", "a", "a\u0000", "a\u0000\u0000", "ab", "abc", "abd", "b", "\u00e9t\u00e9",
      "\u65e5\u672c", "zz", "abcdefgh", "abcdefgh\u0000", "abcdefghi", "abcdefgz"};
  private static final String[] FAMILIES = {"d", "j", "i", "dj"};

  @Test
  void sortsAsHBaseDoesAndKeepsTheFirstOfEqualCells() {
    sortsAsHBaseDoes(20_000, 30); // rows of many cells, as an index's
  }

  @Test
  void sortsRowsOfFewCellsAsHBaseDoes() {
    sortsAsHBaseDoes(50_000, 20_000); // more rows than the first guess of how many there are, as a tweet table's
  }

  private static void sortsAsHBaseDoes(int cells, int suffixes) {
    Random random = new Random(42);
    List<KeyValue> added = new ArrayList<>();
    CellArena arena = new CellArena();
    for (int i = 0; i < cells; i++) {
      byte[] row = Bytes.toBytes(ROWS[random.nextInt(ROWS.length)] + (random.nextBoolean() ? random.nextInt(suffixes) : ""));
      byte[] family = Bytes.toBytes(FAMILIES[random.nextInt(FAMILIES.length)]);
      byte[] qualifier = random.nextInt(10) == 0 ? new byte[0] : Bytes.toBytes((long) random.nextInt(50) - 25);
      long timestamp = random.nextInt(4) == 0 ? 0 : random.nextInt(5) * 1_000_000_000_000L;
      KeyValue kv = new KeyValue(row, family, qualifier, timestamp, Bytes.toBytes("v" + i));
      added.add(kv);
      arena.add(kv);
    }
    List<KeyValue> firsts = SortedCells.firstOfEqual(added);

    arena.sort();
    List<KeyValue> sorted = new ArrayList<>();
    for (int i = 0; i < arena.sortedSize(); i++) {
      sorted.add(arena.sortedCell(i));
    }

    assertThat(firsts.size()).isLessThan(added.size()); // equal cells were among them
    assertThat(sorted).hasSameSizeAs(firsts);
    for (int i = 0; i < firsts.size(); i++) {
      assertThat(sorted.get(i)).as("cell %d", i).isEqualTo(firsts.get(i));
      assertThat(sorted.get(i).getValueArray()).isNotNull();
      assertThat(Bytes.toString(sorted.get(i).getValueArray(), sorted.get(i).getValueOffset(), sorted.get(i).getValueLength()))
          .isEqualTo(Bytes.toString(firsts.get(i).getValueArray(), firsts.get(i).getValueOffset(), firsts.get(i).getValueLength()));
    }
  }
}
