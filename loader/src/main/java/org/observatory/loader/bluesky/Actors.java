package org.observatory.loader.bluesky;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.concurrent.ConcurrentSkipListMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.tables.IdTable;

/**
 * What the id table keeps of Bluesky accounts besides their ids ({@link IdTable}): each DID's handles
 * over time, from identity events and the text of mention facets, so that a post carries the name its
 * author had then; and when an account was deleted or taken down, so that its posts replayed later
 * stay out. A handle is written only when it differs from the one in force at its time. Thread-safe.
 */
public final class Actors {
  private static final int CACHED = 1 << 17;

  private final Connection connection;
  private final TableName table;
  /** Each DID's handles known, by the time (epoch ms) each was first seen; empty when none is. */
  private final Map<String, NavigableMap<Long, String>> histories =
      RecentlyUsed.map(CACHED);

  public Actors(Connection connection, TableName table) {
    this.connection = connection;
    this.table = table;
  }

  /** A handle seen at a time (epoch ms). */
  public record Seen(String did, String handle, long millis) {}

  /** Records the handles seen that change what was known of their DID at that time. */
  public void recordHandles(List<Seen> seen) throws IOException {
    if (seen.isEmpty()) {
      return;
    }
    Map<String, NavigableMap<Long, String>> known = histories(seen.stream().map(Seen::did).toList());
    List<Put> puts = new ArrayList<>();
    for (Seen s : seen) {
      NavigableMap<Long, String> history = known.get(s.did());
      Map.Entry<Long, String> before = history.floorEntry(s.millis());
      if (before == null || !before.getValue().equals(s.handle())) {
        puts.add(new Put(IdTable.nameRow(s.did())).addColumn(IdTable.HANDLES, IdTable.HANDLE, s.millis(),
            Bytes.toBytes(s.handle())));
        history.put(s.millis(), s.handle());
      }
    }
    if (!puts.isEmpty()) {
      try (Table t = connection.getTable(table)) {
        t.put(puts);
      }
    }
  }

  /** The handle a DID had at a time, from its history; null when none is known. */
  public static String handleAt(NavigableMap<Long, String> history, long millis) {
    Map.Entry<Long, String> entry = history == null ? null : history.floorEntry(millis);
    return entry == null ? null : entry.getValue();
  }

  /** The handle histories of these DIDs (empty for a DID with none known), read once and then kept. */
  public Map<String, NavigableMap<Long, String>> histories(Collection<String> dids) throws IOException {
    Map<String, NavigableMap<Long, String>> found = new HashMap<>();
    List<String> asked = new ArrayList<>();
    for (String did : new java.util.LinkedHashSet<>(dids)) {
      NavigableMap<Long, String> history = histories.get(did);
      if (history != null) {
        found.put(did, history);
      } else {
        asked.add(did);
      }
    }
    if (asked.isEmpty()) {
      return found;
    }
    try (Table t = connection.getTable(table)) {
      List<Get> gets = new ArrayList<>();
      for (String did : asked) {
        gets.add(new Get(IdTable.nameRow(did)).addColumn(IdTable.HANDLES, IdTable.HANDLE)
            .readVersions(IdTable.HANDLE_VERSIONS));
      }
      Result[] rows = t.get(gets);
      for (int i = 0; i < rows.length; i++) {
        NavigableMap<Long, String> history = new ConcurrentSkipListMap<>();
        for (Cell cell : rows[i].getColumnCells(IdTable.HANDLES, IdTable.HANDLE)) {
          history.put(cell.getTimestamp(), Bytes.toString(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength()));
        }
        histories.put(asked.get(i), history);
        found.put(asked.get(i), history);
      }
    }
    return found;
  }

  /** Records that accounts were deleted or taken down, at these {@code time_us}. */
  public void recordErased(Map<String, Long> erasedAt) throws IOException {
    if (erasedAt.isEmpty()) {
      return;
    }
    try (Table t = connection.getTable(table)) {
      t.put(erasedAt.entrySet().stream().map(e -> new Put(IdTable.nameRow(e.getKey()))
          .addColumn(IdTable.IDS, IdTable.ERASED, Bytes.toBytes(e.getValue()))).toList());
    }
  }

  /** When each of these accounts was last erased ({@code time_us}), for those that were. */
  public Map<String, Long> erasedAt(Collection<String> dids) throws IOException {
    List<String> asked = dids.stream().filter(Objects::nonNull).distinct().toList();
    Map<String, Long> erased = new HashMap<>();
    if (asked.isEmpty()) {
      return erased;
    }
    try (Table t = connection.getTable(table)) {
      Result[] rows = t.get(asked.stream().map(d -> new Get(IdTable.nameRow(d)).addColumn(IdTable.IDS, IdTable.ERASED))
          .toList());
      for (int i = 0; i < rows.length; i++) {
        byte[] at = rows[i].getValue(IdTable.IDS, IdTable.ERASED);
        if (at != null) {
          erased.put(asked.get(i), Bytes.toLong(at));
        }
      }
    }
    return erased;
  }
}
