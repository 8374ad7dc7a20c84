package org.observatory.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/** {@link ClusterBench}'s figures as {@code cluster.json} and {@code cluster.md}. */
final class ClusterReport {
  private ClusterReport() {}

  /** Writes both under {@code dir} and returns the Markdown. */
  static String write(ClusterBench.Results r, Path dir) throws IOException {
    Files.createDirectories(dir);
    new ObjectMapper().findAndRegisterModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .enable(SerializationFeature.INDENT_OUTPUT).writeValue(dir.resolve("cluster.json").toFile(), r);
    String markdown = markdown(r);
    Files.writeString(dir.resolve("cluster.md"), markdown);
    return markdown;
  }

  static String markdown(ClusterBench.Results r) {
    HarnessSettings s = r.settings();
    ClusterBench.Deployment e = r.embedded();
    ClusterBench.Deployment c = r.cluster();
    StringBuilder md = new StringBuilder(f("# Embedded store and local cluster (%d days x %,d statuses from %s)%n%n"
        + "%,d tweets stored, %.1f MB of .json.gz; queries for %s from %s. Every query's answer at every window "
        + "was the same on both before they were timed.%n%n", s.days(), s.perDay(), s.firstDay(), r.tweetsStored(),
        r.gzipBytes() / 1e6, s.meme(), s.eventStart()));

    md.append("## Start\n\n| | s |\n|---|---|\n")
        .append(f("| the launcher's start to a ready cluster (HDFS, two region servers, YARN) | %.1f |%n",
            r.clusterStartSeconds()))
        .append(f("| the service's start to healthy, embedded store (its own HBase inside) | %.1f |%n",
            e.serviceStartSeconds()))
        .append(f("| the service's start to healthy, as the cluster's client | %.1f |%n%n", c.serviceStartSeconds()));

    md.append("## Bulk load\n\n| deployment | s | tweets/s | ratio |\n|---|---|---|---|\n");
    for (ClusterBench.Deployment d : List.of(e, c)) {
      md.append(f("| %s | %.1f | %,.0f | %.2f |%n", d.name(), d.loadSeconds(), d.loadTweetsPerSecond(),
          d.loadTweetsPerSecond() / e.loadTweetsPerSecond()));
    }
    md.append(f("%nThe corpus was first copied to HDFS (%.1f s, not counted).%n", r.copyToHdfsSeconds()));
    ClusterBench.LoadJob job = c.loadJob();
    if (job != null) {
      md.append(f("On YARN the job waited %.1f s for its application master and ran %.1f s: %d maps of %.1f s "
              + "on average, %d reduces of %.1f s (%.1f s of it shuffling). The other %.1f s: the client's JVM, "
              + "creating the month's tables, handing the HFiles to the region servers, erasing deleted tweets.%n",
          job.queuedSeconds(), job.runningSeconds(), job.maps(), job.averageMapSeconds(), job.reduces(),
          job.averageReduceSeconds(), job.averageShuffleSeconds(),
          c.loadSeconds() - job.queuedSeconds() - job.runningSeconds()));
    }

    md.append("\n## Queries\n\nMedian of ").append(s.runs()).append(" warm runs over HTTP, in ms, embedded / "
        + "cluster; phase 2 where each deployment's default puts it.\n\n| query");
    s.windows().forEach(w -> md.append(" | ").append(w.name()));
    md.append(" |\n|---").append("|---".repeat(s.windows().size())).append("|\n");
    for (String query : QueryStage.QUERIES) {
      md.append("| ").append(query);
      for (Window w : s.windows()) {
        md.append(f(" | %.0f / %.0f", QueryStage.find(e.queries(), query, w.name()).medianMs(),
            QueryStage.find(c.queries(), query, w.name()).medianMs()));
      }
      md.append(" |\n");
    }

    md.append("\n## Phase 2: in the service or as a MapReduce job\n\n")
        .append(QueryStage.FETCH_PROBE).append(f(", the median of 3 runs (ms); jobs forced with `query.mapReduceThreshold: 0`.%n%n"))
        .append("| window | phase-1 tweets | embedded, in the service | local job runner | cluster, in the service "
            + "| YARN job |\n|---|---|---|---|---|---|\n");
    for (QueryStage.Timing local : e.jobs()) {
      String w = local.window();
      md.append(f("| %s | %,d | %.0f | %.0f | %.0f | %.0f |%n", w, local.phase1Tweets(),
          QueryStage.find(e.queries(), QueryStage.FETCH_PROBE, w).medianMs(), local.medianMs(),
          QueryStage.find(c.queries(), QueryStage.FETCH_PROBE, w).medianMs(),
          QueryStage.find(c.jobs(), QueryStage.FETCH_PROBE, w).medianMs()));
    }
    md.append("\nFitted over the windows, ms = fixed + per 1,000 tweets x thousands of tweets:\n\n"
        + "| path | fixed ms | ms per 1,000 tweets | a job pays off from |\n|---|---|---|---|\n");
    line(md, "embedded, in the service", e.inService(), null);
    line(md, "local job runner", e.byJob(), e.byJob().overtakes(e.inService()));
    line(md, "cluster, in the service", c.inService(), null);
    line(md, "YARN job", c.byJob(), c.byJob().overtakes(c.inService()));
    return md.toString();
  }

  private static void line(StringBuilder md, String path, CostLine line, OptionalLong payOff) {
    String from = payOff == null ? "" : payOff.isEmpty() ? "never: no cheaper per tweet"
        : f("%,d tweets", payOff.getAsLong());
    md.append(f("| %s | %.0f | %.2f | %s |%n", path, line.fixedMs(), line.msPerThousandTweets(), from));
  }

  private static String f(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
