package org.observatory.loader.historical;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;

/** What a sort of cells should give, by HBase's own comparator: the sorters' tests' expectation. */
final class SortedCells {
  private SortedCells() {}

  /** The cells in HBase's order, the first added of equal ones. */
  static List<KeyValue> firstOfEqual(List<KeyValue> added) {
    List<KeyValue> sorted = new ArrayList<>(added);
    sorted.sort(CellComparator.getInstance()); // stable
    List<KeyValue> firsts = new ArrayList<>();
    for (KeyValue kv : sorted) {
      if (firsts.isEmpty() || CellComparator.getInstance().compare(firsts.get(firsts.size() - 1), kv) != 0) {
        firsts.add(kv);
      }
    }
    return firsts;
  }
}
