package org.observatory.loader.bluesky;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.tables.IdTable;
import org.observatory.schemas.tables.RowKeys;

/**
 * The ids of DIDs and at-URIs, allocated in the id table ({@link IdTable}) the first time a name is
 * met, by whoever meets it first, and the same ever after. An allocation claims the reverse row by
 * check-and-put, then the forward row likewise; a writer that loses the forward row takes the winner's
 * id (its own reverse row stays, naming a name whose id is another: nothing refers to it). Where the
 * search for a free id begins is a hash of the name, so the same events give the same ids in whatever
 * order their names are met. Thread-safe.
 */
public final class UniqueIds {
  private static final int CACHED = 1 << 18;

  private final Connection connection;
  private final TableName table;
  private final Map<String, Long> cache = RecentlyUsed.map(CACHED);

  public UniqueIds(Connection connection, TableName table) {
    this.connection = connection;
    this.table = table;
  }

  /**
   * The ids of the names, allocating the missing ones in the order given.
   *
   * @param wanted each name, and for an at-URI the millisecond its id is to tell if it has none yet
   *     (ignored for a DID, whose id is the next of a counter)
   */
  public Map<String, Long> resolve(Map<String, Long> wanted) throws IOException {
    Map<String, Long> ids = new HashMap<>();
    List<String> unknown = new ArrayList<>();
    wanted.keySet().forEach(name -> {
      Long id = cache.get(name);
      if (id != null) {
        ids.put(name, id);
      } else {
        unknown.add(name);
      }
    });
    if (unknown.isEmpty()) {
      return ids;
    }
    try (Table t = connection.getTable(table)) {
      List<String> missing = new ArrayList<>();
      Result[] rows = t.get(unknown.stream().map(n -> new Get(IdTable.nameRow(n)).addColumn(IdTable.IDS, IdTable.ID))
          .toList());
      for (int i = 0; i < rows.length; i++) {
        byte[] id = rows[i].getValue(IdTable.IDS, IdTable.ID);
        if (id != null) {
          remember(ids, unknown.get(i), RowKeys.id(id));
        } else {
          missing.add(unknown.get(i));
        }
      }
      if (!missing.isEmpty()) {
        allocate(t, missing, wanted).forEach((name, id) -> remember(ids, name, id));
      }
    }
    return ids;
  }

  /** The id of a name, without allocating one: empty when none was ever allocated. */
  public java.util.OptionalLong find(String name) throws IOException {
    Long cached = cache.get(name);
    if (cached != null) {
      return java.util.OptionalLong.of(cached);
    }
    try (Table t = connection.getTable(table)) {
      byte[] id = t.get(new Get(IdTable.nameRow(name)).addColumn(IdTable.IDS, IdTable.ID)).getValue(IdTable.IDS, IdTable.ID);
      if (id == null) {
        return java.util.OptionalLong.empty();
      }
      cache.put(name, RowKeys.id(id));
      return java.util.OptionalLong.of(RowKeys.id(id));
    } catch (org.apache.hadoop.hbase.TableNotFoundException e) {
      return java.util.OptionalLong.empty(); // nothing of Bluesky's stored yet
    }
  }

  private void remember(Map<String, Long> ids, String name, long id) {
    ids.put(name, id);
    cache.put(name, id);
  }

  private static Map<String, Long> allocate(Table t, List<String> names, Map<String, Long> wanted) throws IOException {
    Map<String, Long> slots = new LinkedHashMap<>();
    names.forEach(name -> slots.put(name, IdTable.firstSlot(name)));
    Map<String, Long> claimed = new LinkedHashMap<>();
    while (!slots.isEmpty()) {
      List<String> order = new ArrayList<>(slots.keySet());
      List<Long> candidates = order.stream().map(name -> id(name, slots.get(name), wanted)).toList();
      List<CheckAndMutateResult> results = t.checkAndMutate(java.util.stream.IntStream.range(0, order.size())
          .mapToObj(i -> {
            byte[] row = IdTable.idRow(candidates.get(i));
            return CheckAndMutate.newBuilder(row).ifNotExists(IdTable.IDS, IdTable.NAME).build(new Put(row)
                .addColumn(IdTable.IDS, IdTable.NAME, IdTable.ALLOCATED, IdTable.nameRow(order.get(i))));
          }).toList());
      for (int i = 0; i < order.size(); i++) {
        String name = order.get(i);
        if (results.get(i).isSuccess() || claimedBy(t, candidates.get(i), name)) {
          claimed.put(name, candidates.get(i));
          slots.remove(name);
        } else { // another name holds the slot: the next one
          slots.put(name, slots.get(name) + 1);
        }
      }
    }
    return claimForward(t, claimed);
  }

  /** A DID's id in a slot, or an at-URI's in the millisecond it is to tell. */
  private static long id(String name, long slot, Map<String, Long> wanted) {
    return isDid(name) ? IdTable.userId(slot) : IdTable.postId(wanted.get(name), slot);
  }

  /** Whether the reverse row names this name already: a claim an earlier, interrupted allocation made. */
  private static boolean claimedBy(Table t, long id, String name) throws IOException {
    byte[] held = t.get(new Get(IdTable.idRow(id)).addColumn(IdTable.IDS, IdTable.NAME)).getValue(IdTable.IDS, IdTable.NAME);
    return held != null && Bytes.toString(held).equals(name);
  }

  /** Writes the forward rows; where another writer's came first, its id is the name's. */
  private static Map<String, Long> claimForward(Table t, Map<String, Long> claimed) throws IOException {
    List<String> order = new ArrayList<>(claimed.keySet());
    List<CheckAndMutateResult> results = t.checkAndMutate(order.stream().map(name -> {
      byte[] row = IdTable.nameRow(name);
      return CheckAndMutate.newBuilder(row).ifNotExists(IdTable.IDS, IdTable.ID)
          .build(new Put(row).addColumn(IdTable.IDS, IdTable.ID, IdTable.ALLOCATED, RowKeys.id(claimed.get(name))));
    }).toList());
    Map<String, Long> ids = new LinkedHashMap<>();
    for (int i = 0; i < order.size(); i++) {
      String name = order.get(i);
      if (results.get(i).isSuccess()) {
        ids.put(name, claimed.get(name));
      } else {
        byte[] winner = t.get(new Get(IdTable.nameRow(name)).addColumn(IdTable.IDS, IdTable.ID)).getValue(IdTable.IDS, IdTable.ID);
        ids.put(name, RowKeys.id(winner));
      }
    }
    return ids;
  }

  private static boolean isDid(String name) {
    return name.startsWith("did:");
  }
}
