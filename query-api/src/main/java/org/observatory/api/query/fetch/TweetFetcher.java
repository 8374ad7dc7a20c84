package org.observatory.api.query.fetch;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Table;
import org.observatory.api.query.Deadline;
import org.observatory.api.query.TweetHits;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.StoredTweet;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.TweetTable;

/**
 * Phase 2 in the service: fetches the tweets phase 1 found from their months' tweet tables, in
 * batches run in parallel on the shared pool — a scan per batch that seeks from row to row, cheaper than
 * a get per row — reading only the small decoded fields (family {@code d}). Results reach the consumer on the calling thread, a batch at a time, in the
 * order the tweets were given within each month, months in order; only a few batches are in flight
 * at once, so memory does not grow with the answer.
 */
public final class TweetFetcher {
  private static final int BATCH = 1_000;
  private static final int IN_FLIGHT = 8;

  private final Connection connection;
  private final TableNames names;
  private final ExecutorService pool;
  private final long timeoutMillis;

  public TweetFetcher(Connection connection, TableNames names, ExecutorService pool, long timeoutMillis) {
    this.connection = connection;
    this.names = names;
    this.pool = pool;
    this.timeoutMillis = timeoutMillis;
  }

  /** @param tweets the ids and creation times (which name the months) phase 1 found */
  public void fetch(TweetHits tweets, Consumer<StoredTweet> consumer) throws IOException {
    fetchBatches(tweets, false, batch -> batch.forEach(consumer));
  }

  /**
   * The same, a batch at a time.
   *
   * @param withJson also read each tweet's stored JSON (family {@code j})
   */
  public void fetchBatches(TweetHits tweets, boolean withJson, Consumer<List<StoredTweet>> consumer)
      throws IOException {
    Map<Month, List<Long>> byMonth = new TreeMap<>();
    for (int i = 0; i < tweets.size(); i++) {
      byMonth.computeIfAbsent(Month.of(tweets.time(i)), m -> new ArrayList<>()).add(tweets.id(i));
    }
    List<Callable<List<StoredTweet>>> batches = new ArrayList<>();
    byMonth.forEach((month, ids) -> {
      TableName table = names.tweets(month);
      for (int from = 0; from < ids.size(); from += BATCH) {
        List<Long> batch = ids.subList(from, Math.min(ids.size(), from + BATCH));
        batches.add(() -> get(connection, table, batch, withJson));
      }
    });
    Deadline deadline = Deadline.in(timeoutMillis);
    Deque<Future<List<StoredTweet>>> inFlight = new ArrayDeque<>();
    int next = 0;
    try {
      while (next < batches.size() || !inFlight.isEmpty()) {
        while (next < batches.size() && inFlight.size() < IN_FLIGHT) {
          inFlight.add(pool.submit(batches.get(next++)));
        }
        consumer.accept(deadline.await(inFlight.poll(), "fetching the tweets"));
      }
    } finally {
      inFlight.forEach(b -> b.cancel(false));
    }
  }

  /** The stored tweets of one month table among the ids, in their order; missing ones are left out. */
  public static List<StoredTweet> get(Connection connection, TableName table, List<Long> ids, boolean withJson)
      throws IOException {
    Map<Long, StoredTweet> byId = new HashMap<>(ids.size() * 2);
    try (Table t = connection.getTable(table); ResultScanner rows = t.getScanner(TweetTable.among(ids, withJson))) {
      for (Result row : rows) {
        StoredTweet tweet = TweetTable.read(row);
        byId.put(tweet.id(), tweet);
      }
    }
    List<StoredTweet> found = new ArrayList<>(byId.size());
    for (long id : ids) {
      StoredTweet tweet = byId.remove(id); // once, should an id be asked twice
      if (tweet != null) {
        found.add(tweet);
      }
    }
    return found;
  }
}
