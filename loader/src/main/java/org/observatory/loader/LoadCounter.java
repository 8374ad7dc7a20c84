package org.observatory.loader;

/**
 * What a load counts: the one list of its counters, each with the name its summary line gives it and
 * the label its MapReduce job counter has.
 */
public enum LoadCounter {
  LINES("lines", "lines"),
  /** Statuses that were lines of their own. */
  STATUSES("statuses", "statuses"),
  /** Originals embedded in retweets and quotes, stored as tweets of their own. */
  EMBEDDED("embedded", "originals"),
  RETWEETS("retweets", "retweets"),
  DELETE_NOTICES("deleteNotices", "delete notices"),
  /** Other stream messages: limit, scrub_geo, status_withheld, ... */
  OTHER_NOTICES("otherNotices", "other notices"),
  /** Tweets not stored because their authors had deleted them. */
  DELETED_SKIPPED("deletedSkipped", "deleted, not stored"),
  /** Tweets not stored again because this input had just stored the same snapshot (same id and time). */
  REPEATS_SKIPPED("repeatsSkipped", "repeats, not stored"),
  /**
   * Tweets erased because a delete notice named them: stored ones, and those a bulk load sorted in its
   * own process left out of its files. Counted after the job: no job counter.
   */
  ERASED("erased", "erased"),
  /** Tweets stored again within one input: repeats from the stream, originals retweeted more than once. */
  DUPLICATES("duplicates", "duplicates"),
  /**
   * Tweets stored again whose declarative index entries this input had put already ({@link IndexedTweets}):
   * only their rows (and plug-in indexes' entries) were put again.
   */
  ALREADY_INDEXED("alreadyIndexed", "already indexed"),
  BLANK_LINES("blank", "blank lines"),
  /** Lines that are not stream JSON; set aside. */
  MALFORMED("malformed", "malformed"),
  /** Statuses a plug-in indexer failed on: the line was well formed, the indexer's code was not; set aside. */
  INDEXER_FAILURES("indexerFailures", "indexer failures");

  private final String summaryName;
  private final String jobLabel;

  LoadCounter(String summaryName, String jobLabel) {
    this.summaryName = summaryName;
    this.jobLabel = jobLabel;
  }

  /** How the load's summary line names it: {@code statuses=123}. */
  public String summaryName() {
    return summaryName;
  }

  /** The name of its Hadoop job counter. */
  public String jobLabel() {
    return jobLabel;
  }
}
