package org.observatory.schemas.tables;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.index.IndexDefinition;

/**
 * The index catalog, an HBase table beside the months': for each index and month, which revision of
 * the index table is in force, which definitions built it, and any rebuild under way. Loaders record
 * their definition when they first write to a month; {@code reindex} switches revisions; queries read
 * it to know what each month's index can answer. Every change is a compare-and-set on one row, so
 * concurrent loaders and a rebuild never lose each other's updates. Thread-safe.
 *
 * <p>Row: {@code <index>/<month>}; one cell, {@code c:e}, holding the entry as JSON.
 */
public final class IndexCatalog {
  public static final byte[] FAMILY = Bytes.toBytes("c");
  // STORED FORMAT: the one qualifier of family c.
  private static final byte[] ENTRY = Bytes.toBytes("e");
  private static final ObjectMapper JSON = new ObjectMapper().setSerializationInclusion(JsonInclude.Include.NON_NULL);

  private final Connection connection;
  private final TableNames names;
  private final long freshMillis;
  // By a record key: loaders ask per tweet and index, and the row key's name check is a regex.
  private final Map<Key, Remembered> recent = new ConcurrentHashMap<>();

  /** @param freshMillis how long {@link #recent} may answer from memory */
  public IndexCatalog(Connection connection, TableNames names, long freshMillis) {
    this.connection = connection;
    this.names = names;
    this.freshMillis = freshMillis;
  }

  /** How long answers of {@link #recent} may be out of date. */
  public long freshMillis() {
    return freshMillis;
  }

  public Optional<MonthIndex> get(String index, Month month) throws IOException {
    try (Table table = connection.getTable(names.indexCatalog())) {
      Result row = table.get(new Get(row(index, month)).addColumn(FAMILY, ENTRY));
      Optional<MonthIndex> entry = row.isEmpty() ? Optional.empty() : Optional.of(decode(index, month, row.value()));
      recent.put(new Key(index, month), new Remembered(entry, System.currentTimeMillis()));
      return entry;
    } catch (TableNotFoundException e) {
      return Optional.empty(); // nothing loaded yet
    }
  }

  /** The entry as read at most {@link #freshMillis} ago: for paths that ask per tweet or per query. */
  public Optional<MonthIndex> recent(String index, Month month) throws IOException {
    Remembered known = recent.get(new Key(index, month));
    if (known != null && System.currentTimeMillis() - known.readAt < freshMillis) {
      return known.entry;
    }
    return get(index, month);
  }

  /** Every entry, by index then month. */
  public List<MonthIndex> list() throws IOException {
    List<MonthIndex> entries = new ArrayList<>();
    try (Admin admin = connection.getAdmin()) {
      // A scan of a table whose namespace was never made (a platform nothing was loaded into) retries
      // for a minute before it fails, instead of saying the table is not found.
      if (!admin.tableExists(names.indexCatalog())) {
        return entries;
      }
    }
    try (Table table = connection.getTable(names.indexCatalog());
         ResultScanner rows = table.getScanner(new Scan().addColumn(FAMILY, ENTRY))) {
      for (Result row : rows) {
        String[] key = Bytes.toString(row.getRow()).split("/");
        entries.add(decode(key[0], Month.parse(key[1]), row.value()));
      }
    } catch (TableNotFoundException e) {
      // nothing loaded yet
    }
    return entries;
  }

  /**
   * Records that a loader writes entries of this definition into the month's index table: the first
   * revision, when the catalog does not know the month yet. Returns the entry in force.
   *
   * @param partial whether, should the month be new to the catalog, its table missed earlier tweets
   */
  public MonthIndex register(String index, Month month, IndexDefinition definition, boolean partial)
      throws IOException {
    while (true) {
      Optional<MonthIndex> known = get(index, month);
      if (known.isEmpty()) {
        MonthIndex first = new MonthIndex(index, month, 1, List.of(definition), partial, MonthIndex.BY_LOAD,
            System.currentTimeMillis(), null);
        if (mutate(CheckAndMutate.newBuilder(row(index, month)).ifNotExists(FAMILY, ENTRY).build(put(first)))) {
          return first;
        }
      } else {
        MonthIndex updated = known.get().writtenBy(definition);
        if (updated == known.get() || replace(known.get(), updated)) {
          return updated;
        }
      }
    }
  }

  /** Replaces {@code expected} with {@code next}; false when the entry changed in between. */
  public boolean replace(MonthIndex expected, MonthIndex next) throws IOException {
    byte[] row = row(expected.index(), expected.month());
    boolean done = mutate(CheckAndMutate.newBuilder(row).ifEquals(FAMILY, ENTRY, encode(expected)).build(put(next)));
    if (done) {
      recent.put(new Key(next.index(), next.month()), new Remembered(Optional.of(next), System.currentTimeMillis()));
    }
    return done;
  }

  /** Forgets a month's index, with its tables dropped. */
  public void remove(String index, Month month) throws IOException {
    try (Table table = connection.getTable(names.indexCatalog())) {
      table.delete(new Delete(row(index, month)));
    } catch (TableNotFoundException e) {
      // nothing to forget
    }
    recent.remove(new Key(index, month));
  }

  private boolean mutate(CheckAndMutate change) throws IOException {
    try (Table table = connection.getTable(names.indexCatalog())) {
      return table.checkAndMutate(change).isSuccess();
    }
  }

  private static Put put(MonthIndex entry) {
    return new Put(row(entry.index(), entry.month())).addColumn(FAMILY, ENTRY, encode(entry));
  }

  private static byte[] row(String index, Month month) {
    return Bytes.toBytes(key(index, month));
  }

  private static String key(String index, Month month) {
    return IndexDefinition.checkName(index) + "/" + month;
  }

  private static byte[] encode(MonthIndex entry) {
    try {
      return JSON.writeValueAsBytes(new Body(entry.revision(), entry.definitions(), entry.partial(), entry.builtBy(),
          entry.builtAt(), entry.rebuild()));
    } catch (IOException e) {
      throw new IllegalStateException("cannot write a catalog entry", e);
    }
  }

  private static MonthIndex decode(String index, Month month, byte[] json) throws IOException {
    Body b = JSON.readValue(json, Body.class);
    return new MonthIndex(index, month, b.revision, b.definitions, b.partial, b.builtBy, b.builtAt, b.rebuild);
  }

  /** The stored form: the key (index and month) is the row's. */
  private record Body(int revision, List<IndexDefinition> definitions, boolean partial, String builtBy,
      long builtAt, MonthIndex.Rebuild rebuild) {}

  private record Key(String index, Month month) {}

  private record Remembered(Optional<MonthIndex> entry, long readAt) {}
}
