package org.observatory.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * coordinated-accounts for the event's meme over the harness's longest window, with each kind of trace
 * at the query's defaults, over HTTP: the median of warm runs, split into reading the traces (the
 * answer's time less the similarity step's) and the similarity step itself, with what the step held —
 * so that its cost and its memory are seen growing with the accounts kept.
 */
public final class CoordinationStage {
  static final List<String> TRACES = List.of("co-retweet", "co-url", "co-hashtags", "co-burst");

  private CoordinationStage() {}

  /**
   * One trace's figures.
   *
   * @param medianMs the whole answer over HTTP
   * @param similarityMs the similarity step (weighting, comparing, clustering) of the median run
   * @param similarityBytes what that step held
   */
  public record Timing(String trace, String window, double medianMs, double similarityMs, long similarityBytes,
      long phase1Tweets, String evaluation, long accounts, long accountsKept, long traces, long pairs, int clusters) {
    /** The answer's time less the similarity step's: finding the tweets and reading their traces. */
    public double readingMs() {
      return medianMs - similarityMs;
    }
  }

  public static List<Timing> time(ServiceClient service, HarnessSettings s) throws Exception {
    Window window = s.windows().get(s.windows().size() - 1);
    Instant start = s.eventStart();
    Instant end = window.end(start);
    List<Timing> timings = new ArrayList<>();
    for (String trace : TRACES) {
      ServiceClient.Answer warm = service.coordinated(s.meme(), start, end, trace);
      ServiceClient.Answer[] runs = new ServiceClient.Answer[s.runs()];
      double[] millis = new double[s.runs()];
      for (int run = 0; run < s.runs(); run++) {
        runs[run] = service.coordinated(s.meme(), start, end, trace);
        millis[run] = runs[run].millis();
      }
      double median = Stats.median(millis);
      ServiceClient.Answer middle = runs[0];
      for (ServiceClient.Answer run : runs) {
        if (Math.abs(run.millis() - median) < Math.abs(middle.millis() - median)) {
          middle = run;
        }
      }
      JsonNode c = middle.coordination();
      Timing t = new Timing(trace, window.name(), median, c.get("similarityMillis").asDouble(),
          c.get("similarityBytes").asLong(), warm.phase1Tweets(), warm.evaluation(), c.get("accounts").asLong(),
          c.get("accountsKept").asLong(), c.get("traces").asLong(), c.get("pairs").asLong(), c.get("clusters").size());
      timings.add(t);
      System.err.printf("coordinated-accounts %-11s %4s %9.1f ms (similarity %.0f ms, %,d bytes)  accounts %,d kept "
          + "%,d  pairs %,d  %s%n", trace, t.window(), t.medianMs(), t.similarityMs(), t.similarityBytes(),
          t.accounts(), t.accountsKept(), t.pairs(), t.evaluation());
    }
    return timings;
  }
}
