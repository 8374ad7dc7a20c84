package org.observatory.api.security;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Min;

/**
 * Each key's share of the service, beside the service's own limits ({@code query.maxConcurrentQueries}
 * and the rest). A keyless service's local user has only the service's limits.
 */
public class AccessSettings {
  /** Requests a key may make per second, on average. */
  @JsonProperty
  @Min(1)
  private int requestsPerSecond = 20;

  /** Requests a key may make at once after a pause: a dashboard's page asks several things together. */
  @JsonProperty
  @Min(1)
  private int burst = 40;

  /** Queries of one key answered at once. */
  @JsonProperty
  @Min(1)
  private int concurrentQueriesPerKey = 4;

  /** Jobs of one key queued or running at once. */
  @JsonProperty
  @Min(1)
  private int jobsPerKey = 4;

  public int requestsPerSecond() {
    return requestsPerSecond;
  }

  public int burst() {
    return burst;
  }

  public int concurrentQueriesPerKey() {
    return concurrentQueriesPerKey;
  }

  public int jobsPerKey() {
    return jobsPerKey;
  }
}
