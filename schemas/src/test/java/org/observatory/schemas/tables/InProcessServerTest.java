package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
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
}
