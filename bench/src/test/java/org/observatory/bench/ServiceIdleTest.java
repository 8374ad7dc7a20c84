package org.observatory.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The harness times queries once the service stops working on its own (HBase compacting a fresh load). */
class ServiceIdleTest {
  private static final Duration SAMPLE = Duration.ofMillis(500);

  @Test
  void anIdleProcessIsIdleAfterOneSample() throws Exception {
    try (App.Service idle = service("sleep 60")) {
      assertThat(idle.awaitIdle(SAMPLE, Duration.ofSeconds(30))).isLessThan(Duration.ofSeconds(3));
    }
  }

  @Test
  void aBusyProcessIsWaitedForUntilItRests() throws Exception {
    try (App.Service busy = service("while [ $SECONDS -lt 3 ]; do :; done; sleep 60")) {
      assertThat(busy.awaitIdle(SAMPLE, Duration.ofSeconds(30))).isGreaterThan(Duration.ofMillis(1_500))
          .isLessThan(Duration.ofSeconds(15));
    }
  }

  @Test
  void aProcessBusyForeverIsWaitedForNoLongerThanTheLimit() throws Exception {
    try (App.Service busy = service("while :; do :; done")) {
      assertThat(busy.awaitIdle(SAMPLE, Duration.ofSeconds(2))).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(4));
    }
  }

  private static App.Service service(String script) throws Exception {
    return new App.Service(new ProcessBuilder("bash", "-c", script).start(), "http://localhost:0");
  }
}
