package org.observatory.api.resources;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class ThrottledLogTest {
  @Test
  void writesOneLineAPeriodAndSaysHowManyItLeftOut() throws Exception {
    Logger logger = (Logger) LoggerFactory.getLogger("throttled-test");
    ListAppender<ILoggingEvent> lines = new ListAppender<>();
    lines.start();
    logger.addAppender(lines);
    ThrottledLog log = new ThrottledLog(logger, 200, TimeUnit.MILLISECONDS);

    for (int i = 0; i < 1000; i++) {
      log.warn("the store could not answer");
    }
    Thread.sleep(250);
    log.warn("the store could not answer");

    assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage).containsExactly(
        "the store could not answer", "the store could not answer (and 999 more like it since the last such line)");
  }
}
