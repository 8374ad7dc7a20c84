package org.observatory.schemas.tables;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter;

/**
 * The rows of many ids ({@link RowKeys#tweet}) read with one scan: its filter makes the region server
 * seek from row to row, which costs a fraction of a get per row (each get opens a scanner of its own).
 */
final class IdRows {
  private IdRows() {}

  static MultiRowRangeFilter among(Collection<Long> ids) {
    List<MultiRowRangeFilter.RowRange> ranges = new ArrayList<>(ids.size());
    for (long id : ids) {
      byte[] row = RowKeys.tweet(id);
      ranges.add(new MultiRowRangeFilter.RowRange(row, true, row, true));
    }
    return new MultiRowRangeFilter(ranges);
  }
}
