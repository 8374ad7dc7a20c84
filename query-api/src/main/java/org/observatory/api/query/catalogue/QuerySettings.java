package org.observatory.api.query.catalogue;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Min;

/** Limits and resources of the query engine. */
public class QuerySettings {
  @JsonProperty
  @Min(1)
  private int maxMemes = 100;

  /** The longest window a query may ask for. */
  @JsonProperty
  @Min(1)
  private int maxWindowDays = 1100;

  /** Index scans running at once, across all queries. */
  @JsonProperty
  @Min(1)
  private int scanThreads = 8;

  @JsonProperty
  @Min(1)
  private int timeoutSeconds = 60;

  /** Queries answered at once; more wait up to a second for a place, then get a 503. */
  @JsonProperty
  @Min(1)
  private int maxConcurrentQueries = 16;

  /**
   * How many of those places queries that read tweets (lookups, phase 2) may hold; the rest stay for
   * the index-only counts, which a crowd of big queries then cannot lock out.
   */
  @JsonProperty
  @Min(1)
  private int maxConcurrentTweetQueries = 8;

  /**
   * Above this many tweets found in phase 1, phase 2 runs as a MapReduce job instead of in the service.
   * Unset, it depends on where jobs run: with the local job runner, never (its tasks would share the
   * service's JVM and cores, adding a job's fixed cost to the same work); on YARN, above
   * {@link #MAP_REDUCE_THRESHOLD_ON_YARN}.
   */
  @JsonProperty
  @Min(0)
  private Integer mapReduceThreshold;

  /**
   * Where a YARN job starts to pay. A job beats the service above fixed cost / (the service's cost per
   * tweet - the job's): measured on the local cluster (bench/run.sh cluster), 27.7 s and 9.6 ms per 1,000
   * tweets in the service, so 2.9 million even for infinitely fast tasks; 5.8 million for a cluster whose
   * tasks together fetch twice as fast as the service (on one machine they fetch eight times slower).
   */
  public static final int MAP_REDUCE_THRESHOLD_ON_YARN = 5_000_000;

  /** How many map tasks a phase-2 job splits its tweets into (and the local runner runs at once). */
  @JsonProperty
  @Min(1)
  private int mapReduceTasks = 2;

  /** Where phase-2 jobs keep their files while they run: a local path, or a cluster one. */
  @JsonProperty
  private String workDir = "data/query-work";

  /**
   * The most index entries one query may gather in phase 1 (about 100 bytes of heap each, held until
   * the answer is written); a query that asks for more gets a 400 saying so.
   */
  @JsonProperty
  @Min(1)
  private long maxPhase1Entries = 5_000_000;

  public long maxPhase1Entries() {
    return maxPhase1Entries;
  }

  /** Where query jobs and their results are kept: a local path, or a cluster (HDFS) one. */
  @JsonProperty
  private String jobsDir = "data/jobs";

  /** Query jobs run at once; more wait in line. */
  @JsonProperty
  @Min(1)
  private int jobThreads = 2;

  /** How long a query job may run. */
  @JsonProperty
  @Min(1)
  private int jobTimeoutMinutes = 120;

  /** How long a finished job and its result are kept. */
  @JsonProperty
  @Min(1)
  private int jobResultsHours = 24;

  public String jobsDir() {
    return jobsDir;
  }

  public int jobThreads() {
    return jobThreads;
  }

  public int jobTimeoutMinutes() {
    return jobTimeoutMinutes;
  }

  public int jobResultsHours() {
    return jobResultsHours;
  }

  /** @param jobsOnCluster whether MapReduce jobs run on a cluster rather than the local job runner */
  public int mapReduceThreshold(boolean jobsOnCluster) {
    if (mapReduceThreshold != null) {
      return mapReduceThreshold;
    }
    return jobsOnCluster ? MAP_REDUCE_THRESHOLD_ON_YARN : Integer.MAX_VALUE;
  }

  /** For tests and tools that need the other phase-2 path. */
  public QuerySettings mapReduceThreshold(int tweets) {
    this.mapReduceThreshold = tweets;
    return this;
  }

  public int mapReduceTasks() {
    return mapReduceTasks;
  }

  public String workDir() {
    return workDir;
  }

  public int maxConcurrentQueries() {
    return maxConcurrentQueries;
  }

  public int maxConcurrentTweetQueries() {
    return maxConcurrentTweetQueries;
  }

  public int maxMemes() {
    return maxMemes;
  }

  int maxWindowDays() {
    return maxWindowDays;
  }

  public int scanThreads() {
    return scanThreads;
  }

  public int timeoutSeconds() {
    return timeoutSeconds;
  }
}
