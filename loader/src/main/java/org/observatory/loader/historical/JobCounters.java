package org.observatory.loader.historical;

import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.observatory.loader.LoadCounter;
import org.observatory.loader.LoadCounters;

/**
 * The load's counters as Hadoop job counters: group {@value #LOAD} for what the input held and what
 * became of it (each {@link LoadCounter} under its label), group {@value #PUTS} for rows written per
 * table kind and index entries per index.
 */
final class JobCounters {
  static final String LOAD = "Observatory load";
  static final String PUTS = "Observatory puts";

  private JobCounters() {}

  /** Adds a task's counts to the job's. */
  static void publish(LoadCounters counts, TaskInputOutputContext<?, ?, ?, ?> context) {
    for (LoadCounter c : LoadCounter.values()) {
      context.getCounter(LOAD, c.jobLabel()).increment(counts.sum(c));
    }
    counts.puts().forEach((source, value) -> context.getCounter(PUTS, source).increment(value));
  }

  /** The job's totals, back as load counters. */
  static LoadCounters read(Counters counters) {
    LoadCounters totals = new LoadCounters();
    CounterGroup load = counters.getGroup(LOAD);
    for (LoadCounter c : LoadCounter.values()) {
      Counter counter = load.findCounter(c.jobLabel(), false);
      totals.add(c, counter == null ? 0 : counter.getValue());
    }
    for (Counter c : counters.getGroup(PUTS)) {
      totals.countPuts(c.getName(), c.getValue());
    }
    return totals;
  }
}
