package org.observatory.schemas.tables;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.TableName;
import org.observatory.schemas.index.IndexDefinition;

/**
 * The one owner of table names. Every month has a tweet table, a user table and one table per index,
 * all in one HBase namespace: {@code observatory:tweets-2013-08}, {@code observatory:users-2013-08},
 * {@code observatory:index-meme-2013-08}. An index rebuilt from the tweet tables gets a new revision of
 * its table beside the old one, {@code observatory:index-meme.r2-2013-08}; the {@link IndexCatalog}
 * says which revision is in force. Beside the months, one table of deleted tweet ids,
 * {@code observatory:deletions}, the catalog, {@code observatory:index-catalog}, the hourly counts,
 * {@code observatory:counts}, and the service's API keys, {@code observatory:api-keys}. Bluesky's tables
 * are named alike in a namespace of their own ({@link Platform}), with one more, {@code ids}.
 */
public final class TableNames {
  public static final String DEFAULT_NAMESPACE = "observatory";
  private static final Pattern MONTH_TABLE =
      Pattern.compile("(tweets|users|index-([a-z][a-z0-9-]*)(?:\\.r[0-9]+)?)-(\\d{4}-\\d{2})");

  private final String namespace;
  // TableName.valueOf searches HBase's cache of every name linearly; loads ask for names per put.
  private final Map<String, TableName> cache = new ConcurrentHashMap<>();

  public TableNames(String namespace) {
    if (!namespace.matches("[a-zA-Z_][a-zA-Z0-9_]*")) {
      throw new IllegalArgumentException("not a valid HBase namespace: " + namespace);
    }
    this.namespace = namespace;
  }

  public String namespace() {
    return namespace;
  }

  /** Which network's tables these are. */
  public Platform platform() {
    return Platform.ofNamespace(namespace);
  }

  /** The names of another platform's tables in the same store. */
  public TableNames of(Platform platform) {
    return platform == platform() ? this : new TableNames(platform.namespace(Platform.baseOf(namespace)));
  }

  public TableName tweets(Month month) {
    return table("tweets-" + month);
  }

  public TableName users(Month month) {
    return table("users-" + month);
  }

  /** The first revision of an index's table: the one loaders create. */
  public TableName index(String indexName, Month month) {
    return index(indexName, month, 1);
  }

  /** A revision of an index's table; revisions after the first are rebuilds. */
  public TableName index(String indexName, Month month, int revision) {
    if (revision < 1) {
      throw new IllegalArgumentException("index revisions count from 1: " + revision);
    }
    String suffix = revision == 1 ? "" : ".r" + revision;
    return table("index-" + IndexDefinition.checkName(indexName) + suffix + "-" + month);
  }

  /** The tombstones of deleted tweets, across all months. */
  public TableName deletions() {
    return table("deletions");
  }

  /** Which specification built each month's index tables, and which revision is in force. */
  public TableName indexCatalog() {
    return table("index-catalog");
  }

  /** The hourly counts queries keep, and the generations writers move on, across all months. */
  public TableName counts() {
    return table("counts");
  }

  /** The API's keys: their ids, roles and hashes, never the keys themselves. */
  public TableName apiKeys() {
    return table("api-keys");
  }

  /**
   * Bluesky's names and at-URIs and the 8-byte ids allocated to them, with each DID's handles
   * ({@link IdTable}); Bluesky's namespace alone has it.
   */
  public TableName ids() {
    return table("ids");
  }

  /** The month of one of this namespace's month tables, or empty for any other table. */
  public Optional<Month> monthOf(TableName table) {
    Matcher m = monthTable(table);
    return m.matches() ? Optional.of(Month.parse(m.group(3))) : Optional.empty();
  }

  /** The index whose table (of any revision and month) this is, or empty for any other table. */
  public Optional<String> indexOf(TableName table) {
    Matcher m = monthTable(table);
    return m.matches() ? Optional.ofNullable(m.group(2)) : Optional.empty();
  }

  private Matcher monthTable(TableName table) {
    String qualifier = table.getNamespaceAsString().equals(namespace) ? table.getQualifierAsString() : "";
    return MONTH_TABLE.matcher(qualifier);
  }

  private TableName table(String qualifier) {
    return cache.computeIfAbsent(qualifier, q -> TableName.valueOf(namespace, q));
  }
}
