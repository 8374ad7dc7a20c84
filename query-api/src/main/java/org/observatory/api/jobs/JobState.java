package org.observatory.api.jobs;

/** Where a query job is in its life. */
public enum JobState {
  QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED;

  public boolean isFinished() {
    return this == SUCCEEDED || this == FAILED || this == CANCELLED;
  }
}
