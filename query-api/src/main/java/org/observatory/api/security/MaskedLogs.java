package org.observatory.api.security;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;
import org.slf4j.helpers.MessageFormatter;

/**
 * Masks secrets ({@link Secrets}) in every line of the service's logs: a turbo filter sees each line
 * before any appender does, so one place covers the console, the files and the audit trail, whatever
 * their layouts (the request log, which has a context of its own, only ever sees URLs {@link
 * MaskedUrls} masked). A line that holds a secret is refused and written again masked, its stack trace
 * as text.
 */
final class MaskedLogs extends TurboFilter {
  private final ThreadLocal<Boolean> rewriting = ThreadLocal.withInitial(() -> false);

  /** On the logging context in force: after Dropwizard configured it, which resets it. */
  static void install() {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    if (context.getTurboFilterList().stream().noneMatch(MaskedLogs.class::isInstance)) {
      MaskedLogs filter = new MaskedLogs();
      filter.setContext(context);
      filter.start();
      context.addTurboFilter(filter);
    }
  }

  @Override
  public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
    if (format == null || rewriting.get() || !level.isGreaterOrEqual(logger.getEffectiveLevel())) {
      return FilterReply.NEUTRAL;
    }
    String line = params == null || params.length == 0 ? format : MessageFormatter.arrayFormat(format, params).getMessage();
    Throwable thrown = t != null ? t : MessageFormatter.getThrowableCandidate(params);
    String trace = thrown == null ? null : stackTrace(thrown);
    if (!Secrets.mayHold(line) && !Secrets.mayHold(trace)) {
      return FilterReply.NEUTRAL;
    }
    rewriting.set(true);
    try {
      String masked = Secrets.masked(trace == null ? line : line + System.lineSeparator() + trace);
      switch (level.toInt()) {
        case Level.ERROR_INT -> logger.error(marker, "{}", masked);
        case Level.WARN_INT -> logger.warn(marker, "{}", masked);
        case Level.INFO_INT -> logger.info(marker, "{}", masked);
        case Level.DEBUG_INT -> logger.debug(marker, "{}", masked);
        default -> logger.trace(marker, "{}", masked);
      }
    } finally {
      rewriting.set(false);
    }
    return FilterReply.DENY;
  }

  private static String stackTrace(Throwable t) {
    StringWriter text = new StringWriter();
    t.printStackTrace(new PrintWriter(text));
    return text.toString();
  }
}
