package org.observatory.loader.historical;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The order read from cells' bytes is HBase's comparator's, for cells that differ anywhere in their keys. */
class KeyOrderTest {
  private static final String[] ROWS = {"", "a", "ab", "abc", "b", "\u00e9t\u00e9", "\u65e5\u672c", "zz"};
  private static final String[] FAMILIES = {"d", "j", "i", "dj"};
  // Beside 8-byte ids: shorter, longer, and as long but text.
  private static final String[] QUALIFIERS = {"f", "status", "\u00ff\u00ff\u00ff\u00ff", "\u0000\u0000\u0000\u0000\u00ff\u00ff\u00ff\u00ff"};
  private static final KeyValue.Type[] TYPES = {KeyValue.Type.Put, KeyValue.Type.Delete, KeyValue.Type.DeleteColumn};

  @Test
  void ordersCellsAsHBaseDoes() {
    Random random = new Random(11);
    for (int i = 0; i < 200_000; i++) {
      KeyValue a = cell(random);
      KeyValue b = random.nextInt(8) == 0 ? KeyValueUtil.copyToNewKeyValue(a) : cell(random);

      int expected = Integer.signum(CellComparator.getInstance().compare(a, b));

      assertThat(Integer.signum(KeyOrder.compare(a, b))).as("%s against %s", a, b).isEqualTo(expected);
      assertThat(Integer.signum(KeyOrder.compareRow(a, Bytes.copy(b.getRowArray(), b.getRowOffset(), b.getRowLength()))))
          .as("the rows of %s and %s", a, b)
          .isEqualTo(Integer.signum(CellComparator.getInstance().compareRows(a, b)));
    }
  }

  /** A cell at an offset in a larger array, as cells read from a run or an arena are. */
  private static KeyValue cell(Random random) {
    byte[] row = Bytes.toBytes(ROWS[random.nextInt(ROWS.length)] + (random.nextBoolean() ? random.nextInt(4) : ""));
    byte[] family = Bytes.toBytes(FAMILIES[random.nextInt(FAMILIES.length)]);
    byte[] qualifier = switch (random.nextInt(6)) {
      case 0 -> new byte[0];
      case 1 -> Bytes.toBytes(QUALIFIERS[random.nextInt(QUALIFIERS.length)]);
      default -> Bytes.toBytes((long) random.nextInt(9) - 4); // an id: index cells' qualifiers
    };
    long timestamp = random.nextInt(3) == 0 ? 0 : random.nextInt(3) * 1_000_000_000_000L;
    KeyValue kv = new KeyValue(row, family, qualifier, timestamp, TYPES[random.nextInt(TYPES.length)], Bytes.toBytes("v"));
    byte[] padded = new byte[kv.getLength() + 7];
    System.arraycopy(kv.getBuffer(), kv.getOffset(), padded, 5, kv.getLength());
    return new KeyValue(padded, 5, kv.getLength());
  }
}
