package org.observatory.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CostLineTest {
  private static QueryStage.Timing at(long tweets, double ms) {
    return new QueryStage.Timing("retweet-edges", tweets + "", ms, 3, 0, tweets, "index+fetch");
  }

  @Test
  void fitsAFixedCostAndACostPerThousandTweets() {
    CostLine line = CostLine.fit(List.of(at(1_000, 30), at(3_000, 70), at(5_000, 110)));
    assertEquals(10, line.fixedMs(), 1e-9);
    assertEquals(20, line.msPerThousandTweets(), 1e-9);
    assertEquals(3, line.points());
  }

  @Test
  void aDearerStartPaysOffWhereTheLinesCross() {
    CostLine service = new CostLine(10, 20, 4);
    CostLine job = new CostLine(30_010, 5, 4);
    assertEquals(2_000_000, job.overtakes(service).getAsLong());
    assertTrue(service.overtakes(job).isEmpty(), "the service's line never gets below the job's from above");
  }

  @Test
  void aJobNoCheaperPerTweetNeverPaysOff() {
    assertTrue(new CostLine(30_000, 20, 4).overtakes(new CostLine(10, 20, 4)).isEmpty());
    assertTrue(new CostLine(30_000, 25, 4).overtakes(new CostLine(10, 20, 4)).isEmpty());
  }

  @Test
  void oneTweetCountFitsNoLine() {
    assertTrue(Double.isNaN(CostLine.fit(List.of(at(1_000, 30), at(1_000, 40))).msPerThousandTweets()));
  }
}
