package org.observatory.bench;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The summary line Observatory's commands print (generate, parse, load, stream, reindex), read back:
 * {@code "7 files, 54.3 MB in 12.0 s: 22650 tweets/s; lines=... erased=3 ... puts={tweets=1, users=2}"}.
 */
public record CommandSummary(String line) {
  private static final Pattern SECONDS = Pattern.compile(" in ([0-9.]+) s:");

  /** Whether a line of a command's output is its summary. */
  public static boolean isSummary(String line) {
    return SECONDS.matcher(line).find();
  }

  /** The rate in units per second, e.g. {@code rate("tweets")}. */
  public double rate(String unit) {
    return Double.parseDouble(find(Pattern.compile("([0-9.]+) " + unit + "/s")));
  }

  public double seconds() {
    return Double.parseDouble(find(SECONDS));
  }

  /** A counter of the load, e.g. {@code counter("erased")}. */
  public long counter(String name) {
    return Long.parseLong(find(Pattern.compile("\\b" + name + "=(\\d+)")));
  }

  /** Puts made to one kind of table, e.g. {@code puts("tweets")}. */
  public long puts(String table) {
    String puts = find(Pattern.compile("puts=\\{([^}]*)}"));
    return new CommandSummary(puts).counter(table);
  }

  private String find(Pattern pattern) {
    Matcher m = pattern.matcher(line);
    if (!m.find()) {
      throw new IllegalStateException("no " + pattern + " in the command's summary: " + line);
    }
    return m.group(1);
  }
}
