package org.observatory.indexer;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexTable;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.TweetTable;
import org.observatory.schemas.tables.UserTable;
import org.observatory.schemas.tweet.Tweet;

/**
 * The customizable indexer: a pure function from a tweet to the puts that store and index it, in the
 * tables of the month of the tweet's own creation. Every loader shares it. Thread-safe.
 */
public final class Indexer {
  private final TableNames names;
  private final Map<String, PluginIndexer> indexes = new LinkedHashMap<>();

  /** @throws IllegalArgumentException when a plug-in class cannot be loaded or built */
  public Indexer(IndexSpec spec, TableNames names) {
    this.names = names;
    for (IndexDefinition index : spec.indexes()) {
      indexes.put(index.name(), index.isPlugin() ? plugin(index) : new DeclarativeIndexer(index));
    }
  }

  public List<String> indexNames() {
    return List.copyOf(indexes.keySet());
  }

  /** The tweet row, the user-profile row and every index entry of one tweet. */
  public List<TableMutation> mutations(Tweet tweet) {
    Month month = Month.of(tweet.createdAt());
    List<TableMutation> mutations = new ArrayList<>();
    mutations.add(new TableMutation(names.tweets(month), TableMutation.TWEETS, TweetTable.put(tweet)));
    mutations.add(new TableMutation(names.users(month), TableMutation.USERS, UserTable.put(tweet)));
    for (String index : indexes.keySet()) {
      mutations.addAll(indexMutations(index, tweet));
    }
    return mutations;
  }

  /** One index's entries for one tweet. */
  public List<TableMutation> indexMutations(String index, Tweet tweet) {
    PluginIndexer indexer = indexes.get(index);
    if (indexer == null) {
      throw new IllegalArgumentException("no index named " + index);
    }
    var table = names.index(index, Month.of(tweet.createdAt()));
    List<TableMutation> mutations = new ArrayList<>();
    for (IndexEntry e : indexer.entries(tweet)) {
      mutations.add(new TableMutation(table, index,
          IndexTable.put(e.key(), e.qualifierId(), tweet.createdAt(), e.value())));
    }
    return mutations;
  }

  private static PluginIndexer plugin(IndexDefinition index) {
    try {
      Class<? extends PluginIndexer> type =
          Class.forName(index.plugin()).asSubclass(PluginIndexer.class);
      try {
        Constructor<? extends PluginIndexer> withDefinition = type.getConstructor(IndexDefinition.class);
        return withDefinition.newInstance(index);
      } catch (NoSuchMethodException e) {
        return type.getConstructor().newInstance();
      }
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException("index " + index.name() + ": class not found: " + index.plugin());
    } catch (ClassCastException e) {
      throw new IllegalArgumentException(
          "index " + index.name() + ": " + index.plugin() + " does not implement PluginIndexer");
    } catch (ReflectiveOperationException e) {
      Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
      throw new IllegalArgumentException("index " + index.name() + ": cannot build " + index.plugin()
          + ": " + cause, cause);
    }
  }
}
