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
 * The streaming daemon's latency, read from its log: each progress line gives the spool's lag and the
 * p99, over the minute before it, of the time from a line's arrival to its tweets being stored; at
 * DEBUG, a line for each segment stored gives that segment's time. A cold start (JIT, creating the
 * month's tables) falls behind the source and then catches up; the steady state is everything after a
 * minute past its having first caught up (its lag under a second).
 *
 * @param coldStartP99Ms the highest p99 logged before the steady state; -1 when no line said
 * @param steadyP99Ms the p99 of the segments stored in the steady state; -1 when the run was too short
 *     to have one, or the log has no segment lines
 * @param worstMinuteP99Ms the highest p99 of a minute in the steady state; -1 when there was none
 */
public record ArrivalToStored(long coldStartP99Ms, long steadyP99Ms, long worstMinuteP99Ms) {
  private static final String STAMP = "^\\S+\\s+\\[(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3})].*";
  private static final Pattern PROGRESS = Pattern.compile(STAMP + " lag (\\d+) ms, arrival-to-stored p99 \\(1 min\\) (\\d+) ms");
  private static final Pattern SEGMENT = Pattern.compile(STAMP + "segment stored, arrival-to-stored (\\d+) ms");
  private static final DateTimeFormatter LOGGED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");
  private static final long BEHIND_MS = 1000;

  private record Progress(LocalDateTime at, long lagMs, long p99Ms) {}

  private record Stored(LocalDateTime at, long ms) {}

  /** Reads a daemon's log, lines stamped as Dropwizard's console appender stamps them. */
  public static ArrivalToStored of(List<String> log) {
    List<Progress> lines = new ArrayList<>();
    List<Stored> segments = new ArrayList<>();
    for (String line : log) {
      Matcher m = PROGRESS.matcher(line);
      if (m.find()) {
        lines.add(new Progress(at(m), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
      }
      m = SEGMENT.matcher(line);
      if (m.find()) {
        segments.add(new Stored(at(m), Long.parseLong(m.group(2))));
      }
    }
    Optional<LocalDateTime> steadyFrom = caughtUp(lines).map(at -> at.plus(Duration.ofMinutes(1)));
    long coldStart = -1;
    long worstMinute = -1;
    for (Progress p : lines) {
      if (steadyFrom.isEmpty() || p.at().isBefore(steadyFrom.get())) {
        coldStart = Math.max(coldStart, p.p99Ms());
      } else {
        worstMinute = Math.max(worstMinute, p.p99Ms());
      }
    }
    long[] steady = segments.stream()
        .filter(s -> steadyFrom.isPresent() && !s.at().isBefore(steadyFrom.get()))
        .mapToLong(Stored::ms).sorted().toArray();
    return new ArrivalToStored(coldStart, p99(steady), worstMinute);
  }

  private static LocalDateTime at(Matcher m) {
    return LocalDateTime.parse(m.group(1), LOGGED);
  }

  /** The nearest-rank 99th percentile; -1 of nothing. */
  private static long p99(long[] sorted) {
    return sorted.length == 0 ? -1 : sorted[(int) Math.ceil(0.99 * sorted.length) - 1];
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
