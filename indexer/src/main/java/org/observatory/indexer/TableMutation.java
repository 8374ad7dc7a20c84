package org.observatory.indexer;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Put;
import org.observatory.schemas.tables.Month;

/**
 * A put bound for a table of a month.
 *
 * @param month the month whose tables it goes to: a writer creates them first, without reading the name
 * @param source what produced it: {@code tweets}, {@code users}, or an index's name
 */
public record TableMutation(Month month, TableName table, String source, Put put) {
  public static final String TWEETS = "tweets";
  public static final String USERS = "users";
}
