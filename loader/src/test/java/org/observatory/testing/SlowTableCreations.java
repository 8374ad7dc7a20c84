package org.observatory.testing;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Optional;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.coprocessor.MasterCoprocessor;
import org.apache.hadoop.hbase.coprocessor.MasterCoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.MasterObserver;
import org.apache.hadoop.hbase.coprocessor.ObserverContext;

/**
 * The mini cluster's master, as busy as a cluster's behind hundreds of queued creations: it answers a
 * request to create a month's tweet table in {@link #NAMESPACE} only after {@link #DELAY_MILLIS}, and
 * then creates it. Other namespaces are untouched.
 */
public final class SlowTableCreations implements MasterCoprocessor, MasterObserver {
  public static final String NAMESPACE = "slow_master";
  public static final long DELAY_MILLIS = 3_000;

  @Override
  public Optional<MasterObserver> getMasterObserver() {
    return Optional.of(this);
  }

  @Override
  public void preCreateTable(ObserverContext<MasterCoprocessorEnvironment> context, TableDescriptor table,
      RegionInfo[] regions) throws IOException {
    if (table.getTableName().getNamespaceAsString().equals(NAMESPACE)
        && table.getTableName().getQualifierAsString().startsWith("tweets-")) {
      try {
        Thread.sleep(DELAY_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while slow");
      }
    }
  }
}
