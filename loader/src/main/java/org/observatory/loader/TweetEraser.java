package org.observatory.loader;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.indexer.IndexPlacement;
import org.observatory.indexer.Indexer;
import org.observatory.indexer.TableMutation;
import org.observatory.schemas.tables.IndexTable;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.RowKeys;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.TweetTable;
import org.observatory.schemas.tables.WrittenHours;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.Snowflake;
import org.observatory.schemas.tweet.Tweet;

/**
 * Erases deleted tweets: the tweet row, its author-profile row and every index entry it made. The
 * entries are found by indexing the stored tweet again with the indexer in force, so plug-in indexes
 * are covered too; index cells go one by one, leaving entries other tweets share intact. The hours
 * erased then move on in the counts table.
 */
public final class TweetEraser {
  /**
   * Tweets read and erased per round trip: a bulk load of 11 million tweets erased 344,779 at its end,
   * and asked for all of them in one multi-get, which timed out.
   */
  static final int BATCH = 1_000;

  private final Connection connection;
  private final TableNames names;
  private final Indexer indexer;
  private final MonthTables monthTables;

  public TweetEraser(Connection connection, TableNames names, Indexer indexer, MonthTables monthTables) {
    this.connection = connection;
    this.names = names;
    this.indexer = indexer;
    this.monthTables = monthTables;
  }

  /**
   * Erases whichever of these tweets are stored; returns those that were. An id given twice (a tweet
   * deleted twice over) is erased once, whichever round trips its two mentions fall in.
   */
  public Set<Long> erase(Collection<Long> ids) throws IOException {
    return erase(ids, 1);
  }

  /**
   * As {@link #erase(Collection)}, with its round trips spread over up to {@code threads} threads: a
   * load erases the tweets its files' notices name once its tweets are all stored, and one thread
   * left the other cores idle for the last seconds of every load.
   */
  public Set<Long> erase(Collection<Long> ids, int threads) throws IOException {
    if (ids.isEmpty()) {
      return new HashSet<>();
    }
    Map<Month, List<TableName>> existing = monthTables.list();
    Map<Month, List<Long>> byMonth = new TreeMap<>();
    for (long id : new LinkedHashSet<>(ids)) {
      for (Month month : candidateMonths(id, existing.keySet())) {
        byMonth.computeIfAbsent(month, m -> new ArrayList<>()).add(id);
      }
    }
    List<Batch> batches = new ArrayList<>();
    for (Map.Entry<Month, List<Long>> month : byMonth.entrySet()) {
      if (existing.get(month.getKey()).contains(names.tweets(month.getKey()))) {
        List<Long> monthIds = month.getValue();
        Set<TableName> tables = Set.copyOf(existing.get(month.getKey()));
        for (int from = 0; from < monthIds.size(); from += BATCH) {
          List<Long> batch = monthIds.subList(from, Math.min(monthIds.size(), from + BATCH));
          batches.add(() -> erase(month.getKey(), batch, tables));
        }
      }
    }
    return run(batches, threads);
  }

  /** One round trip's tweets: read, indexed again and deleted; returns those that were stored. */
  private interface Batch {
    List<Long> erase() throws IOException;
  }

  private static Set<Long> run(List<Batch> batches, int threads) throws IOException {
    Set<Long> erased = new HashSet<>();
    if (threads <= 1 || batches.size() <= 1) {
      for (Batch batch : batches) {
        erased.addAll(batch.erase());
      }
      return erased;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, batches.size()), r -> {
      Thread t = new Thread(r, "tweet-eraser");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Callable<List<Long>>> calls = batches.stream().map(b -> (Callable<List<Long>>) b::erase).toList();
      for (Future<List<Long>> batch : pool.invokeAll(calls)) {
        erased.addAll(batch.get());
      }
      return erased;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted erasing deleted tweets");
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io
          : new IOException("erasing deleted tweets failed", e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private List<Long> erase(Month month, List<Long> ids, Set<TableName> tables) throws IOException {
    List<Get> gets = new ArrayList<>(ids.size());
    ids.forEach(id -> gets.add(TweetTable.getStatus(id)));
    Result[] rows;
    try (Table tweets = connection.getTable(names.tweets(month))) {
      rows = tweets.get(gets);
    }
    Map<TableName, List<Delete>> deletes = new LinkedHashMap<>();
    List<Tweet> stored = new ArrayList<>();
    for (Result row : rows) {
      if (!row.isEmpty()) {
        stored.add(storedTweet(row));
      }
    }
    IndexPlacement.Placed placed = indexer.place(stored);
    for (Tweet tweet : stored) {
      for (TableMutation m : indexer.mutations(tweet, placed)) {
        if (tables.contains(m.table())) {
          deletes.computeIfAbsent(m.table(), t -> new ArrayList<>()).add(deleteOf(m, tweet.id()));
        }
      }
    }
    for (Map.Entry<TableName, List<Delete>> table : deletes.entrySet()) {
      try (Table t = connection.getTable(table.getKey())) {
        t.delete(table.getValue());
      }
    }
    WrittenHours erased = new WrittenHours();
    stored.forEach(t -> erased.add(t.createdAt()));
    erased.bump(connection, names);
    return stored.stream().map(Tweet::id).toList();
  }

  private static Tweet storedTweet(Result row) throws IOException {
    try {
      return TweetTable.storedTweet(row);
    } catch (MalformedTweetException e) {
      throw new IOException("stored tweet " + RowKeys.id(row.getRow()) + " is unreadable", e);
    }
  }

  /**
   * The tweet's own rows go whole; index entries go cell by cell. A cell named by the tweet's own id
   * is the tweet's alone and goes in every version (tables written before November 2026 stamped it
   * with the tweet's time, later ones with {@link IndexTable#TIME_IN_ID}); any other goes at the
   * tweet's timestamp, leaving the versions other tweets wrote.
   */
  private static Delete deleteOf(TableMutation m, long tweetId) {
    Delete delete = new Delete(m.put().getRow());
    if (TableMutation.TWEETS.equals(m.source()) || TableMutation.USERS.equals(m.source())) {
      return delete;
    }
    for (List<Cell> cells : m.put().getFamilyCellMap().values()) {
      for (Cell c : cells) {
        byte[] family = Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
        byte[] qualifier = Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
        if (IndexTable.qualifierId(c) == tweetId) {
          delete.addColumns(family, qualifier);
        } else {
          delete.addColumn(family, qualifier, c.getTimestamp());
        }
      }
    }
    return delete;
  }

  /** A snowflake id names its month; a pre-snowflake id may be in any month before snowflake began. */
  private static List<Month> candidateMonths(long id, Set<Month> existing) {
    var millis = Snowflake.millis(id);
    if (millis.isPresent()) {
      Month month = Month.of(millis.getAsLong());
      return existing.contains(month) ? List.of(month) : List.of();
    }
    return existing.stream().filter(m -> m.startMillis() < Snowflake.EPOCH_MILLIS).toList();
  }
}
