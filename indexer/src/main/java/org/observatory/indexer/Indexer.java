package org.observatory.indexer;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.IndexTable;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.TweetTable;
import org.observatory.schemas.tables.UserTable;
import org.observatory.schemas.tweet.Tweet;

/**
 * The customizable indexer: from a tweet to the puts that store and index it, in the tables of the
 * month of the tweet's own creation; a {@link IndexPlacement} says which revisions of the index tables
 * those are. Every loader shares it, and so does the rebuild. Thread-safe.
 */
public final class Indexer {
  private final TableNames names;
  private final IndexPlacement placement;
  private final Map<String, PluginIndexer> indexes = new LinkedHashMap<>();
  private final Map<IndexDefinition, PluginIndexer> others = new ConcurrentHashMap<>();

  /** An indexer that writes every index's first revision. */
  public Indexer(IndexSpec spec, TableNames names) {
    this(spec, names, IndexPlacement.firstRevision(names));
  }

  /** @throws IllegalArgumentException when a plug-in class cannot be loaded or built */
  public Indexer(IndexSpec spec, TableNames names, IndexPlacement placement) {
    this.names = names;
    this.placement = placement;
    for (IndexDefinition index : spec.indexes()) {
      indexes.put(index.name(), build(index));
    }
  }

  public List<String> indexNames() {
    return List.copyOf(indexes.keySet());
  }

  /**
   * Where the entries of these tweets go: read once per batch, before any of them is indexed.
   *
   * @throws IOException when the placement (the index catalog) cannot be read
   */
  public IndexPlacement.Placed place(Collection<Tweet> tweets) throws IOException {
    Set<Month> months = new HashSet<>();
    tweets.forEach(t -> months.add(Month.of(t.createdAt())));
    return placement.place(months);
  }

  /** The tweet row, the user-profile row and every index entry of one tweet, placed as {@link #place} said. */
  public List<TableMutation> mutations(Tweet tweet, IndexPlacement.Placed placed) {
    return mutations(tweet, placed, true);
  }

  /**
   * The puts of a tweet seen again whose declarative entries were put from an earlier snapshot under
   * the same author's screen name: its rows (the newer snapshot wins), and the entries of plug-in
   * indexes, which may read what changes between snapshots. A declarative entry is made of what a
   * tweet keeps and that name, so it would be the same cell again.
   */
  public List<TableMutation> snapshotMutations(Tweet tweet, IndexPlacement.Placed placed) {
    return mutations(tweet, placed, false);
  }

  /** Every table (and definition) a month's entries go to: with the tweet, what they depend on. */
  public List<IndexPlacement.Target> targets(IndexPlacement.Placed placed, Month month) {
    List<IndexPlacement.Target> targets = new ArrayList<>();
    for (String index : indexes.keySet()) {
      targets.addAll(placed.targets(index, month));
    }
    return targets;
  }

  /** One index's entries for one tweet, in every table the placement names. */
  public List<TableMutation> indexMutations(String index, Tweet tweet, IndexPlacement.Placed placed) {
    List<TableMutation> mutations = new ArrayList<>();
    addEntries(index, tweet, placed, true, mutations);
    return mutations;
  }

  private List<TableMutation> mutations(Tweet tweet, IndexPlacement.Placed placed, boolean declarative) {
    Month month = Month.of(tweet.createdAt());
    List<TableMutation> mutations = new ArrayList<>();
    mutations.add(new TableMutation(month, names.tweets(month), TableMutation.TWEETS, TweetTable.put(tweet)));
    mutations.add(new TableMutation(month, names.users(month), TableMutation.USERS, UserTable.put(tweet)));
    for (String index : indexes.keySet()) {
      addEntries(index, tweet, placed, declarative, mutations);
    }
    return mutations;
  }

  private void addEntries(String index, Tweet tweet, IndexPlacement.Placed placed, boolean declarative,
      List<TableMutation> mutations) {
    PluginIndexer own = indexes.get(index);
    if (own == null) {
      throw new IllegalArgumentException("no index named " + index);
    }
    Month month = Month.of(tweet.createdAt());
    for (IndexPlacement.Target target : placed.targets(index, month)) {
      PluginIndexer indexer = target.definition() == null ? own : others.computeIfAbsent(target.definition(), Indexer::build);
      if (!declarative && indexer instanceof DeclarativeIndexer) {
        continue;
      }
      for (IndexEntry e : indexer.entries(tweet)) {
        mutations.add(new TableMutation(month, target.table(), index,
            IndexTable.put(e.key(), e.qualifierId(), tweet.id(), tweet.createdAt(), e.value())));
      }
    }
  }

  private static PluginIndexer build(IndexDefinition index) {
    return index.isPlugin() ? plugin(index) : new DeclarativeIndexer(index);
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
