package org.observatory.api.security;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/** The trail's lines as written while it is open, caught on the {@code audit} logger itself. */
public final class AuditLines implements AutoCloseable {
  private final Logger logger = (Logger) LoggerFactory.getLogger(Audit.LOGGER);
  private final ListAppender<ILoggingEvent> caught = new ListAppender<>();

  public AuditLines() {
    caught.start();
    logger.addAppender(caught);
  }

  public List<String> lines() {
    return caught.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
  }

  @Override
  public void close() {
    logger.detachAppender(caught);
  }
}
