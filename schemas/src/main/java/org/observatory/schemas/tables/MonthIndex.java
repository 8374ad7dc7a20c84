package org.observatory.schemas.tables;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.observatory.schemas.index.IndexDefinition;

/**
 * What the {@link IndexCatalog} knows of one index in one month: the revision of its table in force,
 * the definitions whose entries that table holds, and a rebuild under way.
 *
 * @param definitions every definition that wrote entries into the table in force: one, unless loaders
 *     with different specifications wrote to the month
 * @param partial whether the table lacks entries for tweets stored before it was created (an index
 *     added to the specification after the month was loaded), until a rebuild fills it
 * @param builtBy {@code load} or {@code reindex}
 * @param builtAt epoch millis when the revision came into force
 * @param rebuild the rebuild under way, or null
 */
public record MonthIndex(String index, Month month, int revision, List<IndexDefinition> definitions,
    boolean partial, String builtBy, long builtAt, Rebuild rebuild) {
  public static final String BY_LOAD = "load";
  public static final String BY_REINDEX = "reindex";

  /** A new revision being built from the tweet tables, by one definition. */
  public record Rebuild(int revision, IndexDefinition definition, long startedAt) {}

  public MonthIndex {
    definitions = List.copyOf(definitions);
  }

  public TableName table(TableNames names) {
    return names.index(index, month, revision);
  }

  /** Whether the table in force holds every entry of this definition, and only those. */
  public boolean exactlyBy(IndexDefinition definition) {
    return !partial && definitions.equals(List.of(definition));
  }

  /** The same, noting that entries of another definition now share the table. */
  MonthIndex writtenBy(IndexDefinition definition) {
    if (definitions.contains(definition)) {
      return this;
    }
    List<IndexDefinition> all = new ArrayList<>(definitions);
    all.add(definition);
    return new MonthIndex(index, month, revision, all, partial, builtBy, builtAt, rebuild);
  }

  public MonthIndex rebuilding(Rebuild next) {
    return new MonthIndex(index, month, revision, definitions, partial, builtBy, builtAt, next);
  }

  /** The rebuilt revision in force. */
  public MonthIndex rebuilt(long now) {
    return new MonthIndex(index, month, rebuild.revision(), List.of(rebuild.definition()), false, BY_REINDEX, now,
        null);
  }
}
