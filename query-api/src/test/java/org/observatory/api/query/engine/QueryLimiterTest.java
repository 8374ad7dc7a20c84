package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.observatory.api.query.catalogue.MemePostCount;
import org.observatory.api.query.catalogue.Query;
import org.observatory.api.query.catalogue.QueryKind;
import org.observatory.api.query.catalogue.TallyQuery;
import org.observatory.api.query.tally.ContentQuery;

class QueryLimiterTest {
  private static final Query COUNT = new MemePostCount(QueryKind.MEME_POST_COUNT, List.of(), null);
  private static final Query EDGES =
      new TallyQuery(QueryKind.RETWEET_EDGES, ContentQuery.RETWEET_EDGES, List.of(), null);

  @Test
  void aClientsShareIsRefusedAtOnceWith429AndFreedWithItsQuery() throws Exception {
    QueryLimiter limiter = new QueryLimiter(4, 4, 50);
    QueryLimiter.Share share = new QueryLimiter.Share("key k", 2);
    QueryLimiter.Permit first = limiter.admit(COUNT, share);
    QueryLimiter.Permit second = limiter.admit(EDGES, share);

    long began = System.nanoTime();
    assertThatThrownBy(() -> limiter.admit(COUNT, share)).isInstanceOf(QuotaExceededException.class)
        .hasMessageContaining("2 queries of key k are running");
    assertThat(System.nanoTime() - began).isLessThan(TimeUnit.MILLISECONDS.toNanos(50)); // no wait for a share
    limiter.admit(COUNT).close(); // the service has places for others
    first.close();
    first.close(); // freed once
    limiter.admit(COUNT, share).close();
    second.close();
    assertThat(share.places().availablePermits()).isEqualTo(2);
  }

  @Test
  void aQueryRefusedByTheServiceGivesItsClientsPlaceBack() throws Exception {
    QueryLimiter limiter = new QueryLimiter(1, 1, 10);
    QueryLimiter.Share share = new QueryLimiter.Share("key k", 1);
    try (QueryLimiter.Permit other = limiter.admit(COUNT)) {
      assertThatThrownBy(() -> limiter.admit(COUNT, share)).isInstanceOf(QueryRejectedException.class);
    }
    assertThat(share.places().availablePermits()).isEqualTo(1);
  }

  @Test
  void admitsUpToTheLimitThenRefusesWithAMessageUntilAPlaceIsFree() throws Exception {
    QueryLimiter limiter = new QueryLimiter(2, 2, 50);

    QueryLimiter.Permit first = limiter.admit(COUNT);
    QueryLimiter.Permit second = limiter.admit(COUNT);

    assertThatThrownBy(() -> limiter.admit(COUNT)).isInstanceOf(QueryRejectedException.class)
        .hasMessageContaining("2 queries are running");
    first.close();
    try (QueryLimiter.Permit third = limiter.admit(COUNT)) {
      assertThat(third).isNotNull();
    }
    second.close();
    second.close(); // closing twice frees one place only
    limiter.admit(COUNT);
    limiter.admit(COUNT);
    assertThatThrownBy(() -> limiter.admit(COUNT)).isInstanceOf(QueryRejectedException.class);
  }

  @Test
  void queriesThatReadTweetsCannotTakeThePlacesKeptForCounts() throws Exception {
    QueryLimiter limiter = new QueryLimiter(4, 2, 50);
    limiter.admit(EDGES);
    limiter.admit(EDGES);

    assertThatThrownBy(() -> limiter.admit(EDGES)).isInstanceOf(QueryRejectedException.class)
        .hasMessageContaining("2 queries that read tweets are running");
    limiter.admit(COUNT);
    limiter.admit(COUNT);
    assertThatThrownBy(() -> limiter.admit(COUNT)).hasMessageContaining("4 queries are running");
  }

  @Test
  void aPermitAwayWhileItsClientStallsLeavesItsPlaceToOthersAndWaitsForOneToGoOn() throws Exception {
    QueryLimiter limiter = new QueryLimiter(1, 1, 50);
    QueryLimiter.Permit streaming = limiter.admit(EDGES);
    CountDownLatch stalled = new CountDownLatch(1);
    CountDownLatch clientReads = new CountDownLatch(1);
    ExecutorService writer = Executors.newSingleThreadExecutor();
    try {
      Future<?> writing = writer.submit(() -> {
        streaming.awayDuring(() -> {
          stalled.countDown();
          try {
            clientReads.await();
          } catch (InterruptedException e) {
            throw new AssertionError(e);
          }
        });
        return null;
      });
      assertThat(stalled.await(5, TimeUnit.SECONDS)).isTrue();

      QueryLimiter.Permit other = limiter.admit(EDGES); // the stalled stream's place
      clientReads.countDown();
      Thread.sleep(100);
      assertThat(writing.isDone()).as("the stream waits for its place again").isFalse();
      other.close();
      writing.get(5, TimeUnit.SECONDS);
      assertThatThrownBy(() -> limiter.admit(COUNT)).isInstanceOf(QueryRejectedException.class);
      streaming.close();
      limiter.admit(COUNT).close();
    } finally {
      writer.shutdownNow();
    }
  }
}
