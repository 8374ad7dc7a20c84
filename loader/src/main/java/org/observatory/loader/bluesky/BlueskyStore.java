package org.observatory.loader.bluesky;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Table;
import org.observatory.loader.LoaderKit;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.RowKeys;
import org.observatory.schemas.tables.TweetTable;
import org.observatory.schemas.tables.UserTable;
import org.observatory.schemas.tweet.Snowflake;

/**
 * What making statuses of Bluesky events reads and keeps, across an input's batches (and a stream's
 * segments): the ids, the accounts, and the posts stored lately, which a repost needs and which may
 * still be on their way to the tables when it comes. Thread-safe.
 */
public final class BlueskyStore {
  private static final int RECENT_POSTS = 1 << 15;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final LoaderKit kit;
  private final UniqueIds ids;
  private final Actors actors;
  private final Map<Long, String> recent = RecentlyUsed.map(RECENT_POSTS);

  private final java.util.Set<Month> monthsWithTweets = java.util.concurrent.ConcurrentHashMap.newKeySet();

  public BlueskyStore(LoaderKit kit) {
    this.kit = kit;
    this.ids = new UniqueIds(kit.connection(), kit.names().ids());
    this.actors = new Actors(kit.connection(), kit.names().ids());
  }

  UniqueIds ids() {
    return ids;
  }

  Actors actors() {
    return actors;
  }

  /** The posts and reposts each account made lately, which may not be in the tables yet when it is erased. */
  private final Map<String, List<Long>> recentByAuthor = RecentlyUsed.map(RECENT_POSTS);

  /** Remembers a post or repost of an account's, for an erasure of the account that may follow. */
  void authored(String did, long id) {
    recentByAuthor.computeIfAbsent(did, d -> Collections.synchronizedList(new ArrayList<>())).add(id);
  }

  /**
   * Every post and repost of an account's: those the tables hold, and those made lately, which may
   * still be on their way there (in this batch, or in a stream segment being stored).
   */
  java.util.Set<Long> everyPostOf(String did, long userId) throws IOException {
    java.util.Set<Long> posts = new java.util.LinkedHashSet<>(postsOf(userId));
    List<Long> recentOnes = recentByAuthor.get(did);
    if (recentOnes != null) {
      synchronized (recentOnes) {
        posts.addAll(recentOnes);
      }
    }
    return posts;
  }

  /** Keeps a post's status for the reposts that may follow it. */
  void posted(long id, String status) {
    recent.put(id, status);
  }

  /** The status of a post made lately, or null. */
  JsonNode recentPost(long id) throws IOException {
    String status = recent.get(id);
    return status == null ? null : parse(status);
  }

  /** The statuses of these posts, from those kept or the tweet tables; the posts not stored are left out. */
  Map<Long, JsonNode> posts(Collection<Long> postIds) throws IOException {
    Map<Long, JsonNode> found = new HashMap<>();
    Map<Month, List<Long>> byMonth = new TreeMap<>();
    for (long id : postIds) {
      String status = recent.get(id);
      if (status != null) {
        found.put(id, parse(status));
      } else {
        byMonth.computeIfAbsent(Month.of(Snowflake.millis(id).orElse(0)), m -> new ArrayList<>()).add(id);
      }
    }
    for (Map.Entry<Month, List<Long>> month : byMonth.entrySet()) {
      if (!hasTweets(month.getKey())) {
        continue;
      }
      try (Table table = kit.connection().getTable(kit.names().tweets(month.getKey()))) {
        List<Long> asked = month.getValue();
        Result[] rows = table.get(asked.stream().map(TweetTable::getStatus).toList());
        for (int i = 0; i < rows.length; i++) {
          String status = TweetTable.statusJson(rows[i]);
          if (status != null) {
            found.put(asked.get(i), parse(status));
          }
        }
      } catch (TableNotFoundException e) {
        // no tweet of that month is stored
      }
    }
    return found;
  }

  /** Whether the month's tweet table exists: a Get of a missing table retries for a minute before it fails. */
  private boolean hasTweets(Month month) throws IOException {
    if (monthsWithTweets.contains(month)) {
      return true;
    }
    try (Admin admin = kit.connection().getAdmin()) {
      if (admin.tableExists(kit.names().tweets(month))) {
        monthsWithTweets.add(month);
        return true;
      }
    }
    return false;
  }

  /** Every post and repost of a user that the tables hold, whichever month. */
  private List<Long> postsOf(long userId) throws IOException {
    List<Long> posts = new ArrayList<>();
    for (Month month : kit.monthTables().list().keySet()) {
      try (Table table = kit.connection().getTable(kit.names().users(month));
          ResultScanner rows = table.getScanner(UserTable.rowsOf(userId))) {
        for (Result row : rows) {
          posts.add(RowKeys.userRowTweetId(row.getRow(), 0, row.getRow().length));
        }
      } catch (TableNotFoundException e) {
        // a month whose tables are being dropped
      }
    }
    return posts;
  }

  private static JsonNode parse(String status) throws IOException {
    try {
      return JSON.readTree(status);
    } catch (JsonProcessingException e) {
      throw new IOException("a stored Bluesky status is not JSON", e);
    }
  }
}
