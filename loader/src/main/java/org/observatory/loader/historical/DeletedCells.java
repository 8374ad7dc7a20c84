package org.observatory.loader.historical;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.indexer.IndexPlacement;
import org.observatory.indexer.Indexer;
import org.observatory.indexer.TableMutation;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexTable;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.RowKeys;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.TweetTable;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.Tweet;

/**
 * The cells of tweets that the load's own delete notices name, left out as the sorted cells are
 * written: every notice is read by then, so those tweets need not land to be erased (which took 7 s of
 * a 90 s load of six days). Most cells say their tweet: a tweet row, a profile row ending in its id, an
 * index cell named by it. The rest (an index named by another id, such as screen-name's user id, or a
 * plug-in's) are found as the eraser finds them, by indexing the deleted tweets again, read from the
 * tweet tables' rows left out: those tables are written first ({@link #waitsForTweets}).
 * Tweets stored by earlier loads are still the eraser's.
 */
final class DeletedCells {
  private enum Kind { TWEETS, USERS, NAMED_BY_TWEET, OTHER }

  /** A cell's coordinates in one of the tables, at a timestamp or ({@link #EVERY_VERSION}) at any. */
  private record Key(int table, ByteBuffer coordinates, long timestamp) {}

  private static final long EVERY_VERSION = Long.MIN_VALUE;
  private static final int BATCH = 1_000;

  private final Kind[] kinds;
  private final Map<TableName, Integer> places = new HashMap<>();
  private final DeletedIds deleted;
  private final Indexer indexer;
  private final boolean anyOther;
  private final Set<Long> dropped = ConcurrentHashMap.newKeySet();
  /** Snapshots of deleted tweets not yet indexed again, a batch at a time (a batch's placement is read once). */
  private final List<Tweet> pending = new ArrayList<>();
  private final Set<Key> otherCells = new HashSet<>();

  /**
   * @param tables the tables the cells are sorted for, by their place in the sorter
   * @param deletedIds the ids the load's delete notices name
   */
  DeletedCells(List<TableName> tables, TableNames names, IndexSpec spec, Indexer indexer, Collection<Long> deletedIds) {
    this.indexer = indexer;
    this.deleted = new DeletedIds(deletedIds);
    kinds = new Kind[tables.size()];
    for (int t = 0; t < tables.size(); t++) {
      kinds[t] = kindOf(tables.get(t), names, spec);
      places.put(tables.get(t), t);
    }
    anyOther = Arrays.asList(kinds).contains(Kind.OTHER);
  }

  private static Kind kindOf(TableName table, TableNames names, IndexSpec spec) {
    Month month = names.monthOf(table).orElseThrow(() -> new IllegalArgumentException("not a month table: " + table));
    if (table.equals(names.tweets(month))) {
      return Kind.TWEETS;
    }
    if (table.equals(names.users(month))) {
      return Kind.USERS;
    }
    Optional<IndexDefinition> definition = names.indexOf(table).flatMap(spec::index);
    return definition.isPresent() && !definition.get().isPlugin() && definition.get().qualifiedByTweetId()
        ? Kind.NAMED_BY_TWEET : Kind.OTHER;
  }

  /** Whether a table's cells are written only once the tweet tables are (its deleted cells are found from them). */
  boolean waitsForTweets(int table) {
    return kinds[table] == Kind.OTHER;
  }

  /**
   * Whether a cell of one of the tables belongs to a deleted tweet. A deleted tweet's snapshots are
   * kept as its row goes by, to find its cells in the tables that wait ({@link #tweetsWritten}).
   */
  boolean drops(int table, Cell cell) throws IOException {
    if (deleted.isEmpty()) {
      return false;
    }
    return switch (kinds[table]) {
      case TWEETS -> dropTweetRow(cell);
      case USERS -> deleted.contains(RowKeys.userRowTweetId(cell.getRowArray(), cell.getRowOffset(), cell.getRowLength()));
      case NAMED_BY_TWEET -> cell.getQualifierLength() == RowKeys.ID_WIDTH && deleted.contains(IndexTable.qualifierId(cell));
      case OTHER -> !otherCells.isEmpty() && (otherCells.contains(new Key(table, coordinates(cell), cell.getTimestamp()))
          || otherCells.contains(new Key(table, coordinates(cell), EVERY_VERSION)));
    };
  }

  private boolean dropTweetRow(Cell cell) throws IOException {
    long id = RowKeys.id(cell.getRowArray(), cell.getRowOffset(), cell.getRowLength());
    if (!deleted.contains(id)) {
      return false;
    }
    dropped.add(id);
    if (anyOther && CellUtil.matchingFamily(cell, TweetTable.JSON)) { // each snapshot of it this load read
      try {
        Tweet snapshot = TweetTable.storedTweet(Result.create(List.of(cell)));
        synchronized (this) {
          pending.add(snapshot);
          if (pending.size() == BATCH) {
            indexPending();
          }
        }
      } catch (MalformedTweetException e) {
        throw new IOException("the load's own tweet " + id + " is unreadable", e);
      }
    }
    return true;
  }

  /** Indexes the last deleted snapshots again; call once the tweet tables are written, before the tables that wait. */
  synchronized void tweetsWritten() throws IOException {
    indexPending();
  }

  /**
   * Notes the cells the pending snapshots made in the tables that wait. A cell named by its tweet goes
   * in every version, any other at its tweet's timestamp only, as the eraser deletes them.
   */
  private void indexPending() throws IOException {
    IndexPlacement.Placed placed = indexer.place(pending);
    for (Tweet tweet : pending) {
      for (TableMutation m : indexer.mutations(tweet, placed)) {
        Integer table = places.get(m.table());
        if (table == null || kinds[table] != Kind.OTHER) {
          continue;
        }
        for (List<Cell> family : m.put().getFamilyCellMap().values()) {
          for (Cell cell : family) {
            boolean namedByTweet = cell.getQualifierLength() == RowKeys.ID_WIDTH && IndexTable.qualifierId(cell) == tweet.id();
            otherCells.add(new Key(table, coordinates(cell), namedByTweet ? EVERY_VERSION : cell.getTimestamp()));
          }
        }
      }
    }
    pending.clear();
  }

  /** The deleted tweets whose rows were left out. */
  Set<Long> droppedTweets() {
    return Set.copyOf(dropped);
  }

  /** A cell's row, family and qualifier, each told apart from the next by its length. */
  private static ByteBuffer coordinates(Cell cell) {
    ByteBuffer b = ByteBuffer.allocate(Bytes.SIZEOF_SHORT + cell.getRowLength() + 1 + cell.getFamilyLength()
        + cell.getQualifierLength());
    b.putShort(cell.getRowLength()).put(cell.getRowArray(), cell.getRowOffset(), cell.getRowLength());
    b.put(cell.getFamilyLength()).put(cell.getFamilyArray(), cell.getFamilyOffset(), cell.getFamilyLength());
    b.put(cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength());
    return b.flip();
  }
}
