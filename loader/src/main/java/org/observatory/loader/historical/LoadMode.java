package org.observatory.loader.historical;

/** How the historical load job writes the tables. */
public enum LoadMode {
  /** Mutations through HBase's multi-table output format: the region servers' normal write path. */
  DIRECT,
  /** Sorted HFiles for every table, handed to the region servers whole with BulkLoadHFiles. */
  BULK
}
