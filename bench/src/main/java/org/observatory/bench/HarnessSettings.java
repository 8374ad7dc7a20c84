package org.observatory.bench;

import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one harness run measures, from its command line ({@code --name value}; see bench/README.md).
 * The defaults finish in about 20 minutes on 2 cores, three rounds of loads included.
 *
 * @param loadRuns how many rounds of the loads and the peers' loads run; each figure is the median of its rounds
 * @param pacedRate lines per second of the paced streaming replay (well under what the daemon sustains
 *     flat out, or the figure measures its backlog); 0: none
 * @param pacedDays how many of the first days the paced replay feeds
 * @param loads which loads to measure: {@code bulk} always (its store answers the queries), {@code direct}
 *     and {@code stream} unless left out (a 10-million-tweet run may skip them: half an hour each)
 * @param javaOpts one set of java options for every command; blank: each command's own, the launcher's
 * @param appJar Observatory's executable jar; empty: Observatory's classes on this JVM's own classpath
 * @param peerLoads whether the peers' stores are built and sized beside the loads ({@link PeerLoads})
 */
public record HarnessSettings(int days, int perDay, LocalDate firstDay, Instant eventStart, long seed,
    String meme, List<String> loads, int loadRuns, double pacedRate, int pacedDays, int runs, List<Window> windows, int peerRuns, List<Window> peerWindows, String corpus,
    String out, String work, String javaOpts, String appJar, boolean peerLoads) {

  private static final Map<String, String> DEFAULTS = Map.ofEntries(
      Map.entry("days", "24"), Map.entry("per-day", "5000"), Map.entry("first-day", "2012-06-01"),
      Map.entry("event-start", ""), Map.entry("seed", "2012"), Map.entry("loads", "direct,stream,bulk"), Map.entry("load-runs", "3"),
      Map.entry("paced-rate", "2000"), Map.entry("paced-days", "6"), Map.entry("runs", "5"),
      Map.entry("windows", "3h,6h,12h,1d,2d,4d,8d,16d"), Map.entry("peer-runs", "3"),
      Map.entry("peer-windows", "3h,1d,4d,16d"), Map.entry("out", "bench/results"),
      Map.entry("work", "bench/work"), Map.entry("java-opts", ""),
      Map.entry("app-jar", ""), Map.entry("peer-loads", "yes"));

  /** The settings a command line asks for; a mistake in it ends the program with its message. */
  public static HarnessSettings fromCommandLine(String... args) {
    try {
      return parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.exit(2);
      throw e;
    }
  }

  public static HarnessSettings parse(String... args) {
    Map<String, String> given = new LinkedHashMap<>(DEFAULTS);
    for (int i = 0; i < args.length; i += 2) {
      String name = args[i].replaceFirst("^--", "");
      if (!args[i].startsWith("--") || !(DEFAULTS.containsKey(name) || name.equals("corpus")) || i + 1 == args.length) {
        throw new IllegalArgumentException("unknown option or missing value: " + args[i]
            + "; options: --" + String.join(" --", new java.util.TreeSet<>(DEFAULTS.keySet())) + " --corpus");
      }
      given.put(name, args[i + 1]);
    }
    int days = Integer.parseInt(given.get("days"));
    int perDay = Integer.parseInt(given.get("per-day"));
    long seed = Long.parseLong(given.get("seed"));
    LocalDate firstDay = LocalDate.parse(given.get("first-day"));
    LocalDate eventStart = eventStart(given.get("event-start"), firstDay, days);
    String corpus = given.getOrDefault("corpus", Path.of(given.get("work"),
        "corpus-" + days + "x" + perDay + "-seed" + seed + "-from" + firstDay + "-event" + eventStart).toString());
    return new HarnessSettings(days, perDay, firstDay, eventStart.atStartOfDay(ZoneOffset.UTC).toInstant(), seed,
        "#euro2012", loads(given.get("loads")), positive("load-runs", given.get("load-runs")),
        Double.parseDouble(given.get("paced-rate")),
        Integer.parseInt(given.get("paced-days")), Integer.parseInt(given.get("runs")), Window.list(given.get("windows")),
        Integer.parseInt(given.get("peer-runs")), Window.list(given.get("peer-windows")), corpus, given.get("out"),
        given.get("work"), given.get("java-opts"), given.get("app-jar"), yesOrNo("peer-loads", given.get("peer-loads")));
  }

  private static int positive(String option, String given) {
    int value = Integer.parseInt(given);
    if (value < 1) {
      throw new IllegalArgumentException("--" + option + " is 1 or more: " + given);
    }
    return value;
  }

  private static boolean yesOrNo(String option, String given) {
    if (!given.equals("yes") && !given.equals("no")) {
      throw new IllegalArgumentException("--" + option + " is yes or no: " + given);
    }
    return given.equals("yes");
  }

  /** Each command's java options: the launcher's (read only now, from the project's root), or the ones given for all. */
  public JavaOptions javaOptions() {
    return javaOpts.isBlank() ? JavaOptions.launchers(JavaOptions.LAUNCHERS) : JavaOptions.forAll(JavaOptions.words(javaOpts));
  }

  /**
   * The day the generated event starts and the queries' windows with it: as given, or a week into the
   * days (a third of the way into fewer than 21). Outside the days, every query would answer nothing.
   */
  private static LocalDate eventStart(String given, LocalDate firstDay, int days) {
    LocalDate start = given.isBlank() ? firstDay.plusDays(Math.min(7, days / 3)) : LocalDate.parse(given);
    if (start.isBefore(firstDay) || !start.isBefore(firstDay.plusDays(days))) {
      throw new IllegalArgumentException("--event-start " + start + " is not among the " + days + " days generated from "
          + firstDay + ": the queries would find nothing");
    }
    return start;
  }

  private static List<String> loads(String given) {
    List<String> loads = List.of(given.split(","));
    if (!loads.contains("bulk") || !List.of("direct", "stream", "bulk").containsAll(loads)) {
      throw new IllegalArgumentException("--loads lists bulk and any of direct, stream: " + given);
    }
    return loads;
  }

  public boolean measures(String load) {
    return loads.contains(load);
  }
}
