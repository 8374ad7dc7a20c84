package org.observatory.loader.historical;

import java.util.Map;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.observatory.loader.LoadCounters;

/**
 * The load's counters as Hadoop job counters: group {@value #LOAD} for what the input held and what
 * became of it, group {@value #PUTS} for rows written per table kind and index entries per index.
 */
final class JobCounters {
  static final String LOAD = "Observatory load";
  static final String PUTS = "Observatory puts";

  private JobCounters() {}

  /** Adds a task's counts to the job's. */
  static void publish(LoadCounters counts, TaskInputOutputContext<?, ?, ?, ?> context) {
    fields(counts).forEach((name, value) -> context.getCounter(LOAD, name).increment(value));
    counts.puts().forEach((source, value) -> context.getCounter(PUTS, source).increment(value));
  }

  /** The job's totals, back as load counters. */
  static LoadCounters read(Counters counters) {
    LoadCounters totals = new LoadCounters();
    CounterGroup load = counters.getGroup(LOAD);
    totals.lines.add(value(load, "lines"));
    totals.statuses.add(value(load, "statuses"));
    totals.embedded.add(value(load, "originals"));
    totals.retweets.add(value(load, "retweets"));
    totals.deleteNotices.add(value(load, "delete notices"));
    totals.otherNotices.add(value(load, "other notices"));
    totals.deletedSkipped.add(value(load, "deleted, not stored"));
    totals.duplicates.add(value(load, "duplicates"));
    totals.repeatsSkipped.add(value(load, "repeats, not stored"));
    totals.blankLines.add(value(load, "blank lines"));
    totals.malformed.add(value(load, "malformed"));
    for (Counter c : counters.getGroup(PUTS)) {
      totals.countPuts(c.getName(), c.getValue());
    }
    return totals;
  }

  private static Map<String, Long> fields(LoadCounters c) {
    return Map.ofEntries(Map.entry("lines", c.lines.sum()), Map.entry("statuses", c.statuses.sum()),
        Map.entry("originals", c.embedded.sum()), Map.entry("retweets", c.retweets.sum()),
        Map.entry("delete notices", c.deleteNotices.sum()), Map.entry("other notices", c.otherNotices.sum()),
        Map.entry("deleted, not stored", c.deletedSkipped.sum()), Map.entry("duplicates", c.duplicates.sum()),
        Map.entry("repeats, not stored", c.repeatsSkipped.sum()), Map.entry("blank lines", c.blankLines.sum()),
        Map.entry("malformed", c.malformed.sum()));
  }

  private static long value(CounterGroup group, String name) {
    Counter c = group.findCounter(name, false);
    return c == null ? 0 : c.getValue();
  }
}
