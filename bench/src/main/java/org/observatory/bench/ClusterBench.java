package org.observatory.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The same corpus on both deployments ({@code bench/run.sh cluster}): the embedded store with the local
 * job runner, and the local multi-process cluster (deploy/local-cluster) with YARN, each loaded in bulk
 * and asked every query at every window, their answers compared before timing. Then phase 2 forced
 * through MapReduce on each, against phase 2 in the service: a fixed cost and a cost per tweet for each
 * path, and the answer size where a job would pay off. Takes the harness's options; writes
 * {@code cluster.json} and {@code cluster.md}.
 */
public final class ClusterBench {
  /** The windows at which phase 2 runs as a job: each job takes half a minute on YARN. */
  private static final List<Window> JOB_WINDOWS = Window.list("3h,1d,4d,16d");
  private static final int JOB_RUNS = 3;
  private static final String HDFS_INPUT = "/bench/corpus";

  private ClusterBench() {}

  /** Where a bulk load's time went on YARN, from the history server. */
  public record LoadJob(double queuedSeconds, double runningSeconds, int maps, double averageMapSeconds,
      int reduces, double averageReduceSeconds, double averageShuffleSeconds) {}

  /**
   * One deployment's figures.
   *
   * @param loadJob null with the local job runner, which the history server never sees
   * @param queries every query at every window, phase 2 where the deployment's default puts it
   * @param jobs the fetch probe (meme-cooccurrence-count) with phase 2 forced through MapReduce
   */
  public record Deployment(String name, double loadSeconds, double loadTweetsPerSecond, LoadJob loadJob,
      double serviceStartSeconds, List<QueryStage.Timing> queries, List<QueryStage.Timing> jobs,
      CostLine inService, CostLine byJob) {}

  public record Results(HarnessSettings settings, long gzipBytes, long tweetsStored, double clusterStartSeconds,
      double copyToHdfsSeconds, Deployment embedded, Deployment cluster) {}

  public static void main(String[] args) throws Exception {
    HarnessSettings s = HarnessSettings.fromCommandLine(args);
    Path run = Files.createTempDirectory(Files.createDirectories(Path.of(s.work())), "cluster-");
    Path logs = Files.createDirectories(Path.of(s.out(), "logs"));
    App app = new App(s.appJar(), s.javaOptions(), logs);
    try {
      Corpus corpus = Corpus.ensure(app, s);
      Store store = Store.create(run.resolve("embedded"));
      step("embedded store: bulk load with the local job runner, then every query");
      CommandSummary load = app.run("embedded-load", "load", "-c", store.config(null).toString(), "--mode", "bulk",
          corpus.dir());
      Map<String, String> embeddedAnswers;
      List<QueryStage.Timing> embeddedQueries;
      double embeddedStart;
      try (Serving serving = Serving.start(app, "embedded-server", store.config(null), store)) {
        embeddedStart = serving.startSeconds();
        embeddedAnswers = answers(serving.client(), s);
        embeddedQueries = QueryStage.time(serving.client(), s, QueryStage.QUERIES, s.windows());
      }
      List<QueryStage.Timing> localJobs;
      try (Serving serving = Serving.start(app, "embedded-server-jobs", store.config(0L), store)) {
        localJobs = jobs(serving.client(), s);
      }
      store.delete();

      step("local cluster: start, copy the corpus to HDFS, bulk load on YARN, then every query");
      Deployment onCluster;
      double copySeconds;
      double clusterStart;
      try (LocalCluster cluster = LocalCluster.start(run.resolve("cluster"), logs)) {
        clusterStart = cluster.startSeconds();
        long began = System.nanoTime();
        cluster.put(corpus.paths(), HDFS_INPUT);
        copySeconds = (System.nanoTime() - began) / 1e9;
        Store ports = Store.create(run.resolve("cluster-client"));
        App client = app.with(List.of("-Ddw.hbase.configDir=" + cluster.confDir(),
            "-Ddw.server.applicationConnectors[0].port=" + ports.httpPort(),
            "-Ddw.server.adminConnectors[0].port=" + ports.adminPort()));
        Path config = Path.of("deploy/local-cluster.yml");
        CommandSummary clusterLoad = client.run("cluster-load", "load", "-c", config.toString(), HDFS_INPUT);
        LoadJob loadJob = cluster.lastJob("observatory load").map(ClusterBench::loadJob).orElse(null);
        List<QueryStage.Timing> clusterQueries;
        double clusterServiceStart;
        try (Serving serving = Serving.start(client, "cluster-server", config, ports)) {
          clusterServiceStart = serving.startSeconds();
          requireSame(embeddedAnswers, answers(serving.client(), s));
          clusterQueries = QueryStage.time(serving.client(), s, QueryStage.QUERIES, s.windows());
        }
        List<QueryStage.Timing> yarnJobs;
        try (Serving serving = Serving.start(client.with(List.of("-Ddw.query.mapReduceThreshold=0")),
            "cluster-server-jobs", config, ports)) {
          yarnJobs = jobs(serving.client(), s);
        }
        onCluster = deployment("local cluster, YARN", clusterLoad, loadJob, clusterServiceStart, clusterQueries,
            yarnJobs);
      }
      Results r = new Results(s, corpus.gzipBytes(), load.puts("tweets") - load.counter("erased"), clusterStart,
          copySeconds, deployment("embedded, local job runner", load, null, embeddedStart, embeddedQueries,
          localJobs), onCluster);
      System.out.println(ClusterReport.write(r, Path.of(s.out())));
    } finally {
      Store.deleteTree(run);
    }
  }

  private static Deployment deployment(String name, CommandSummary load, LoadJob loadJob, double serviceStart,
      List<QueryStage.Timing> queries, List<QueryStage.Timing> jobs) {
    return new Deployment(name, load.seconds(), load.rate("tweets"), loadJob, serviceStart, queries, jobs,
        CostLine.fit(queries.stream().filter(t -> t.query().equals(QueryStage.FETCH_PROBE)).toList()),
        CostLine.fit(jobs));
  }

  /** A service started on a deployment, and how long it took to become healthy. */
  private record Serving(App.Service service, double startSeconds) implements AutoCloseable {
    static Serving start(App app, String name, Path config, Store ports) throws Exception {
      long began = System.nanoTime();
      App.Service service = app.serve(name, config, ports.httpPort(), ports.adminPort());
      return new Serving(service, (System.nanoTime() - began) / 1e9);
    }

    ServiceClient client() {
      return new ServiceClient(service.url());
    }

    @Override
    public void close() throws InterruptedException {
      service.close();
    }
  }

  /** Every query's answer at every window, to compare two deployments before timing them. */
  private static Map<String, String> answers(ServiceClient client, HarnessSettings s) throws Exception {
    Map<String, String> answers = new LinkedHashMap<>();
    for (String query : QueryStage.QUERIES) {
      for (Window w : s.windows()) {
        ServiceClient.Answer a = client.ask(query, s.meme(), s.eventStart(), w.end(s.eventStart()));
        answers.put(query + " " + w.name(), a.body() == null ? a.size() + " tweets" : a.body().toString());
      }
    }
    return answers;
  }

  private static void requireSame(Map<String, String> embedded, Map<String, String> cluster) {
    List<String> differ = new ArrayList<>();
    embedded.forEach((key, answer) -> {
      if (!Objects.equals(answer, cluster.get(key))) {
        differ.add(key);
      }
    });
    if (!differ.isEmpty()) {
      throw new IllegalStateException("the cluster answers differently from the embedded store: " + differ);
    }
  }

  /** The fetch probe with phase 2 as a job: one job to warm up, then the median of a few at each window. */
  private static List<QueryStage.Timing> jobs(ServiceClient client, HarnessSettings s) throws Exception {
    client.ask(QueryStage.FETCH_PROBE, s.meme(), s.eventStart(), JOB_WINDOWS.get(0).end(s.eventStart()));
    List<QueryStage.Timing> timings = new ArrayList<>();
    for (Window w : JOB_WINDOWS) {
      double[] millis = new double[JOB_RUNS];
      ServiceClient.Answer answer = null;
      for (int i = 0; i < JOB_RUNS; i++) {
        answer = client.ask(QueryStage.FETCH_PROBE, s.meme(), s.eventStart(), w.end(s.eventStart()));
        millis[i] = answer.millis();
      }
      QueryStage.Timing t = new QueryStage.Timing(QueryStage.FETCH_PROBE, w.name(), Stats.median(millis), JOB_RUNS,
          answer.size(), answer.phase1Tweets(), answer.evaluation());
      System.err.printf("%-24s %4s %9.1f ms  phase-1 tweets %7d  %s%n", t.query(), t.window(), t.medianMs(),
          t.phase1Tweets(), t.evaluation());
      timings.add(t);
    }
    return timings;
  }

  private static LoadJob loadJob(JsonNode job) {
    return new LoadJob((job.path("startTime").asLong() - job.path("submitTime").asLong()) / 1000.0,
        (job.path("finishTime").asLong() - job.path("startTime").asLong()) / 1000.0, job.path("mapsTotal").asInt(),
        job.path("avgMapTime").asLong() / 1000.0, job.path("reducesTotal").asInt(),
        job.path("avgReduceTime").asLong() / 1000.0, job.path("avgShuffleTime").asLong() / 1000.0);
  }

  private static void step(String what) {
    System.err.println("== " + what);
  }
}
