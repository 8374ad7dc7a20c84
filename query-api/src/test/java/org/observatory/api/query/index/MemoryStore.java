package org.observatory.api.query.index;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doNothing;
import static org.mockito.Mockito.mock;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.mockito.stubbing.Answer;
import org.observatory.indexer.Indexer;
import org.observatory.loader.IndexedTweets;
import org.observatory.loader.Ingest;
import org.observatory.loader.LoadCounters;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.RejectedLines;
import org.observatory.loader.Tombstones;
import org.observatory.loader.TweetEraser;
import org.observatory.loader.TweetFiles;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexCatalog;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.TableNames;

/**
 * A store in memory, for fast tests of the engine from the loaders' puts to the scans: a connection
 * whose tables are {@link MemoryTable}s, and whose admin lists those written. Loading runs the
 * loaders' own path ({@link Ingest}, the indexer, tombstones and the eraser) with the tables of a
 * month and their catalog entries made first, as a load makes them.
 */
public final class MemoryStore {
  private final Map<TableName, MemoryTable> tables = new ConcurrentHashMap<>();
  private final Connection connection = newConnection();

  public Connection connection() {
    return connection;
  }

  /** The tables and the catalog of a namespace, filled from a tweet file (each line once, deletes honoured). */
  public LoadCounters load(TableNames names, IndexSpec spec, Path file) throws IOException {
    LoaderKit kit = new LoaderKit(connection, names, spec, 1);
    Indexer indexer = kit.indexer();
    IndexCatalog catalog = kit.catalog();
    Set<Month> made = new HashSet<>();
    Ingest.Sink sink = puts -> {
      for (var table : puts) {
        if (made.add(table.month())) {
          for (IndexDefinition index : spec.indexes()) {
            catalog.register(index.name(), table.month(), index, false);
          }
        }
        table(table.table()).put(table.puts());
      }
    };
    LoadCounters counters = new LoadCounters();
    Ingest ingest = new Ingest(indexer, new Tombstones(connection, names), counters, sink, new IndexedTweets(), false);
    try (RejectedLines rejects = new RejectedLines(file.toString(), OutputStream::nullOutputStream)) {
      TweetFiles.read(file, new AtomicLong(), (number, text) -> ingest.line(number, text, rejects));
      ingest.flush();
    }
    new TweetEraser(connection, names, indexer, kit.monthTables()).erase(ingest.drainDeleted());
    return counters;
  }

  /** The rows the table's gets and scans found so far. */
  public long rowsRead(TableName table) {
    MemoryTable t = tables.get(table);
    return t == null ? 0 : t.rowsRead();
  }

  private MemoryTable table(TableName name) {
    return tables.computeIfAbsent(name, MemoryTable::new);
  }

  private Connection newConnection() {
    Answer<Object> unsupported = call -> {
      throw new UnsupportedOperationException("a store in memory does not " + call.getMethod().getName());
    };
    Admin admin = mock(Admin.class, unsupported);
    try {
      doAnswer(call -> tables.keySet().stream().map(TableName::getNamespaceAsString).distinct()
          .map(ns -> NamespaceDescriptor.create(ns).build()).toArray(NamespaceDescriptor[]::new))
          .when(admin).listNamespaceDescriptors();
      doAnswer(call -> written(call.getArgument(0))).when(admin).listTableNamesByNamespace(anyString());
      doAnswer(call -> tables.containsKey(call.<TableName>getArgument(0))
          && tables.get(call.<TableName>getArgument(0)).written()).when(admin).tableExists(any());
      doNothing().when(admin).close();
      Connection store = mock(Connection.class, unsupported);
      doAnswer(call -> table(call.getArgument(0))).when(store).getTable(any(TableName.class));
      doAnswer(call -> table(call.getArgument(0))).when(store).getTable(any(TableName.class), any(ExecutorService.class));
      doAnswer(call -> admin).when(store).getAdmin();
      doAnswer(call -> HBaseConfiguration.create()).when(store).getConfiguration();
      doAnswer(call -> false).when(store).isClosed();
      doNothing().when(store).close();
      return store;
    } catch (IOException e) {
      throw new IllegalStateException(e); // stubbing calls nothing
    }
  }

  private TableName[] written(String namespace) {
    List<TableName> found = tables.values().stream().filter(MemoryTable::written).map(MemoryTable::getName)
        .filter(t -> t.getNamespaceAsString().equals(namespace)).toList();
    return found.toArray(TableName[]::new);
  }
}
