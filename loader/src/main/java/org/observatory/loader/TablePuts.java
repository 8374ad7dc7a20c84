package org.observatory.loader;

import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Put;
import org.observatory.schemas.tables.Month;

/** Puts for one table, and the month whose tables it is among (a writer makes sure they exist). */
public record TablePuts(Month month, TableName table, List<Put> puts) {}
