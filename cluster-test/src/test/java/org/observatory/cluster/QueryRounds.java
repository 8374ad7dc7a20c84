package org.observatory.cluster;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

/**
 * Asks a service the same requests round after round, on a thread of its own, while a test breaks
 * something: every answer must be the expected one or a 503; a round with no 503 is a clean round.
 */
final class QueryRounds {
  private final Service service;
  private final Map<String, String> expected;
  private final UnaryOperator<String> comparable;
  private final Thread thread = new Thread(this::run, "query-rounds");
  private final List<String> wrongAnswers = new CopyOnWriteArrayList<>();
  private final List<String> otherStatuses = new CopyOnWriteArrayList<>();
  private final List<String> refusals = new CopyOnWriteArrayList<>();
  private final Map<Integer, Integer> statuses = new TreeMap<>();
  private volatile boolean stopped;
  private volatile int rounds;
  private volatile long lastCleanRoundStart;
  private volatile long lastCleanRoundEnd;
  private volatile Exception failure;

  /** @param comparable what of an answer must equal the expected (the expected are given so already) */
  QueryRounds(Service service, Map<String, String> expected, UnaryOperator<String> comparable) {
    this.service = service;
    this.expected = expected;
    this.comparable = comparable;
  }

  void start() {
    thread.start();
  }

  void stop() throws InterruptedException {
    stopped = true;
    thread.join();
  }

  void awaitRounds(int n) throws Exception {
    while (rounds < n) {
      check();
      Thread.sleep(100);
    }
  }

  /** Waits for a round that began after {@code nanos} and got every answer right. */
  void awaitCleanRoundAfter(long nanos, int timeoutSeconds) throws Exception {
    long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
    while (lastCleanRoundStart < nanos) {
      check();
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no round of right answers within " + timeoutSeconds + " s: " + tally());
      }
      Thread.sleep(100);
    }
  }

  long cleanRoundEnd() {
    return lastCleanRoundEnd;
  }

  List<String> wrongAnswers() {
    return wrongAnswers;
  }

  List<String> otherStatuses() {
    return otherStatuses;
  }

  List<String> refusals() {
    return refusals;
  }

  synchronized String tally() {
    return rounds + " rounds of " + expected.size() + " requests, by status " + statuses;
  }

  private void check() throws Exception {
    if (failure != null) {
      throw failure;
    }
  }

  private void run() {
    try {
      while (!stopped) {
        long start = System.nanoTime();
        boolean clean = true;
        for (Map.Entry<String, String> request : expected.entrySet()) {
          HttpResponse<String> response = service.get(request.getKey());
          synchronized (this) {
            statuses.merge(response.statusCode(), 1, Integer::sum);
          }
          if (response.statusCode() == 200) {
            if (!comparable.apply(response.body()).equals(request.getValue())) {
              wrongAnswers.add(request.getKey() + " -> " + response.body());
              clean = false;
            }
          } else if (response.statusCode() == 503) {
            refusals.add(response.body());
            clean = false;
          } else {
            otherStatuses.add(response.statusCode() + " " + request.getKey() + " -> " + response.body());
            clean = false;
          }
        }
        rounds++;
        if (clean) {
          lastCleanRoundStart = start;
          lastCleanRoundEnd = System.nanoTime();
        }
      }
    } catch (Exception e) {
      failure = e;
    }
  }
}
