package org.observatory.schemas.tables;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.TableName;

/**
 * The one owner of table names. Every month has a tweet table, a user table and one table per index,
 * all in one HBase namespace: {@code observatory:tweets-2013-08}, {@code observatory:users-2013-08},
 * {@code observatory:index-meme-2013-08}. Beside them, one table of deleted tweet ids:
 * {@code observatory:deletions}.
 */
public final class TableNames {
  public static final String DEFAULT_NAMESPACE = "observatory";
  private static final Pattern INDEX_NAME = Pattern.compile("[a-z][a-z0-9-]{0,39}");
  private static final Pattern MONTH_TABLE =
      Pattern.compile("(tweets|users|index-[a-z][a-z0-9-]*)-(\\d{4}-\\d{2})");

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

  public TableName tweets(Month month) {
    return table("tweets-" + month);
  }

  public TableName users(Month month) {
    return table("users-" + month);
  }

  public TableName index(String indexName, Month month) {
    return table("index-" + checkIndexName(indexName) + "-" + month);
  }

  /** The tombstones of deleted tweets, across all months. */
  public TableName deletions() {
    return table("deletions");
  }

  /** The month of one of this namespace's month tables, or empty for any other table. */
  public Optional<Month> monthOf(TableName table) {
    if (!table.getNamespaceAsString().equals(namespace)) {
      return Optional.empty();
    }
    Matcher m = MONTH_TABLE.matcher(table.getQualifierAsString());
    return m.matches() ? Optional.of(Month.parse(m.group(2))) : Optional.empty();
  }

  /** @throws IllegalArgumentException unless the name is lower-case letters, digits and dashes */
  public static String checkIndexName(String indexName) {
    if (indexName == null || !INDEX_NAME.matcher(indexName).matches()) {
      throw new IllegalArgumentException(
          "index name must be lower-case letters, digits and '-', starting with a letter: " + indexName);
    }
    return indexName;
  }

  private TableName table(String qualifier) {
    return cache.computeIfAbsent(qualifier, q -> TableName.valueOf(namespace, q));
  }
}
