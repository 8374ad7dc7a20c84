package org.observatory.indexer;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Put;

/**
 * A put bound for a table.
 *
 * @param source what produced it: {@code tweets}, {@code users}, or an index's name
 */
public record TableMutation(TableName table, String source, Put put) {
  public static final String TWEETS = "tweets";
  public static final String USERS = "users";
}
