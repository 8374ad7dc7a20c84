package org.observatory.api.query.fetch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.StoredTweet;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.UserTable;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.StoredReference;

/**
 * Puts stored tweets back together as the statuses they were received as: each stored JSON gets its
 * author's profile (from the user table) and its embedded originals (tweets of their own, assembled
 * the same way) in place of the references the loader left there.
 */
public final class TweetAssembler {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** A retweet of a quote nests two deep; nothing real nests deeper. */
  private static final int MAX_DEPTH = 3;

  private final Connection connection;
  private final TableNames names;

  public TweetAssembler(Connection connection, TableNames names) {
    this.connection = connection;
    this.names = names;
  }

  /** The statuses, in the order given; each tweet must have been read with its JSON. */
  public List<JsonNode> assemble(List<StoredTweet> tweets) throws IOException {
    Map<Long, ObjectNode> assembled = assemble(tweets, 0);
    List<JsonNode> statuses = new ArrayList<>(tweets.size());
    tweets.forEach(t -> statuses.add(assembled.get(t.id())));
    return statuses;
  }

  private Map<Long, ObjectNode> assemble(List<StoredTweet> tweets, int depth) throws IOException {
    Map<Long, ObjectNode> nodes = new HashMap<>();
    Map<Long, Long> originals = new HashMap<>();
    for (StoredTweet t : tweets) {
      ObjectNode node = (ObjectNode) JSON.readTree(t.json());
      nodes.put(t.id(), node);
      for (String key : StoredReference.EMBEDDED_FIELDS) {
        Optional<StoredReference.Target> original = reference(node.get(key));
        if (original.isPresent() && depth < MAX_DEPTH) {
          originals.put(original.get().id(), original.get().createdAt());
        }
      }
    }
    Map<Long, String> profiles = profiles(tweets);
    Map<Long, ObjectNode> embedded = originals.isEmpty() ? Map.of() : assemble(fetch(originals), depth + 1);
    for (StoredTweet t : tweets) {
      ObjectNode node = nodes.get(t.id());
      String profile = profiles.get(t.id());
      if (profile != null) {
        node.set("user", JSON.readTree(profile));
      }
      for (String key : StoredReference.EMBEDDED_FIELDS) {
        JsonNode ref = node.get(key);
        if (ref != null && embedded.containsKey(ref.get("id").asLong())) {
          node.set(key, embedded.get(ref.get("id").asLong()).deepCopy());
        }
      }
    }
    return nodes;
  }

  /** Tweet id → the profile its author had when it was observed. */
  private Map<Long, String> profiles(List<StoredTweet> tweets) throws IOException {
    Map<Month, List<StoredTweet>> byMonth = new TreeMap<>();
    tweets.forEach(t -> byMonth.computeIfAbsent(Month.of(t.createdAt()), m -> new ArrayList<>()).add(t));
    Map<Long, String> profiles = new HashMap<>();
    for (Map.Entry<Month, List<StoredTweet>> month : byMonth.entrySet()) {
      List<Get> gets = month.getValue().stream().map(t -> UserTable.get(t.userId(), t.id())).toList();
      try (Table users = connection.getTable(names.users(month.getKey()))) {
        Result[] rows = users.get(gets);
        for (int i = 0; i < rows.length; i++) {
          String profile = UserTable.profileJson(rows[i]);
          if (profile != null) {
            profiles.put(month.getValue().get(i).id(), profile);
          }
        }
      }
    }
    return profiles;
  }

  private List<StoredTweet> fetch(Map<Long, Long> originals) throws IOException {
    Map<Month, List<Long>> byMonth = new TreeMap<>();
    originals.forEach((id, time) -> byMonth.computeIfAbsent(Month.of(time), m -> new ArrayList<>()).add(id));
    List<StoredTweet> found = new ArrayList<>();
    for (Map.Entry<Month, List<Long>> month : byMonth.entrySet()) {
      found.addAll(TweetFetcher.get(connection, names.tweets(month.getKey()), month.getValue(), true));
    }
    return found;
  }

  private static Optional<StoredReference.Target> reference(JsonNode ref) throws IOException {
    try {
      return StoredReference.of(ref);
    } catch (MalformedTweetException e) {
      throw new IOException("a stored reference has a bad created_at: " + ref, e);
    }
  }
}
