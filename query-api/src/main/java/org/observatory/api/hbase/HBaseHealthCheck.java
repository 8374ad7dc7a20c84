package org.observatory.api.hbase;

import com.codahale.metrics.health.HealthCheck;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;

/** Healthy when the HBase master answers. */
public final class HBaseHealthCheck extends HealthCheck {
  private final Connection connection;

  public HBaseHealthCheck(Connection connection) {
    this.connection = connection;
  }

  @Override
  protected Result check() throws Exception {
    try (Admin admin = connection.getAdmin()) {
      return Result.healthy("HBase master %s, %d region servers", admin.getClusterMetrics().getMasterName(),
          admin.getRegionServers().size());
    }
  }
}
