package org.observatory.api.query;

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

  public int maxConcurrentQueries() {
    return maxConcurrentQueries;
  }

  public int maxMemes() {
    return maxMemes;
  }

  public int maxWindowDays() {
    return maxWindowDays;
  }

  public int scanThreads() {
    return scanThreads;
  }

  public int timeoutSeconds() {
    return timeoutSeconds;
  }
}
