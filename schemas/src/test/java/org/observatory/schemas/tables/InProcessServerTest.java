package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class InProcessServerTest {
  @Test
  void aMemstoreKeepsAnEditAtMostTwoMinutesSoThatNoWriteAheadLogIsPinnedForAnHour() {
    Configuration conf = new Configuration(false);
    InProcessServer.configure(conf);
    long intervalMs = conf.getLong("hbase.regionserver.optionalcacheflushinterval", 3_600_000);
    long spreadMs = 1000L * conf.getInt("hbase.regionserver.periodicmemstoreflusher.rangeofdelayseconds", 300);
    assertThat(intervalMs + spreadMs).isLessThanOrEqualTo(120_000);
    assertThat(spreadMs).isPositive(); // spread out, not every region at once
  }

  @Test
  void theMasterDeletesLogsAndFilesNoLongerNeededWithinAMinute() {
    Configuration conf = new Configuration(false);
    InProcessServer.configure(conf);
    assertThat(conf.getLong(InProcessServer.LOG_CLEANER_TTL_KEY, 600_000)).isZero();
    assertThat(conf.getLong(InProcessServer.FILE_CLEANER_TTL_KEY, 300_000)).isZero();
    assertThat(conf.getInt(InProcessServer.CLEANER_INTERVAL_KEY, 600_000)).isLessThanOrEqualTo(60_000);
  }

  @Test
  void theMasterStartsOnceItsOneRegionServerHasReportedNotAfterWaitingForMore() {
    Configuration conf = new Configuration(false);
    InProcessServer.configure(conf);
    assertThat(conf.getInt(InProcessServer.MAX_SERVERS_TO_WAIT_FOR_KEY, Integer.MAX_VALUE)).isEqualTo(1);
    assertThat(conf.getInt(InProcessServer.REPORT_INTERVAL_KEY, 3_000)).isLessThanOrEqualTo(1_000);
  }
}
