package org.observatory.bench;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The streaming daemon's latency, read from its log: each progress line gives the spool's lag and the p99,
 * over the minute before it, of the time from a line's arrival to its tweets being stored. A cold start
 * (JIT, creating the month's tables) falls behind the source and then catches up; the steady state is
 * every minute that began after it had first caught up (its lag under a second).
 *
 * @param coldStartP99Ms the highest p99 logged before the steady state; -1 when no line said
 * @param steadyP99Ms the highest p99 of a minute in the steady state; -1 when the run was too short to
 *     have one
 */
public record ArrivalToStored(long coldStartP99Ms, long steadyP99Ms) {
  private static final Pattern PROGRESS = Pattern.compile(
      "^\\S+\\s+\\[(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3})].* lag (\\d+) ms, arrival-to-stored p99 \\(1 min\\) (\\d+) ms");
  private static final DateTimeFormatter LOGGED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");
  private static final long BEHIND_MS = 1000;

  private record Progress(LocalDateTime at, long lagMs, long p99Ms) {}

  /** Reads a daemon's log, lines stamped as Dropwizard's console appender stamps them. */
  public static ArrivalToStored of(List<String> log) {
    List<Progress> lines = new ArrayList<>();
    for (String line : log) {
      Matcher m = PROGRESS.matcher(line);
      if (m.find()) {
        lines.add(new Progress(LocalDateTime.parse(m.group(1), LOGGED), Long.parseLong(m.group(2)),
            Long.parseLong(m.group(3))));
      }
    }
    Optional<LocalDateTime> steadyFrom = caughtUp(lines).map(at -> at.plus(Duration.ofMinutes(1)));
    long coldStart = -1;
    long steady = -1;
    for (Progress p : lines) {
      if (steadyFrom.isEmpty() || p.at().isBefore(steadyFrom.get())) {
        coldStart = Math.max(coldStart, p.p99Ms());
      } else {
        steady = Math.max(steady, p.p99Ms());
      }
    }
    return new ArrivalToStored(coldStart, steady);
  }

  /** When the lag first fell under a second after being over it; the first line's time if it never was. */
  private static Optional<LocalDateTime> caughtUp(List<Progress> lines) {
    boolean behind = false;
    for (Progress p : lines) {
      if (p.lagMs() >= BEHIND_MS) {
        behind = true;
      } else if (behind) {
        return Optional.of(p.at());
      }
    }
    return behind ? Optional.empty() : lines.stream().findFirst().map(Progress::at);
  }
}
