package org.observatory.api.query.catalogue;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuerySettingsTest {
  @Test
  void phase2GoesToMapReduceOnlyOnAClusterUnlessTheThresholdIsSet() {
    assertThat(new QuerySettings().mapReduceThreshold(false)).as("local job runner: never").isEqualTo(Integer.MAX_VALUE);
    assertThat(new QuerySettings().mapReduceThreshold(true)).isEqualTo(QuerySettings.MAP_REDUCE_THRESHOLD_ON_YARN);
    assertThat(new QuerySettings().mapReduceThreshold(0).mapReduceThreshold(false)).isZero();
    assertThat(new QuerySettings().mapReduceThreshold(5000).mapReduceThreshold(true)).isEqualTo(5000);
  }
}
