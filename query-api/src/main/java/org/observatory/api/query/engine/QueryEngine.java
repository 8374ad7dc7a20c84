package org.observatory.api.query.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import org.observatory.api.query.AccountIds;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Progress;
import org.observatory.api.query.catalogue.AnswerQuery;
import org.observatory.api.query.catalogue.LookupQuery;
import org.observatory.api.query.catalogue.Phases;
import org.observatory.api.query.catalogue.Query;
import org.observatory.api.query.catalogue.QueryKind;
import org.observatory.api.query.catalogue.QueryRequest;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.query.catalogue.Share;
import org.observatory.api.query.fetch.Phase2;
import org.observatory.api.query.fetch.TweetAssembler;
import org.observatory.api.query.fetch.TweetFetcher;
import org.observatory.api.query.index.Found;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.output.TweetLines;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Platform;

/**
 * Runs queries on one platform's tables: parses a request once into a validated {@link Query} by the
 * catalogue, then hands it the {@link Phases} it runs on — phase 1 on the indexes, phase 2 where it needs
 * the tweets. The synchronous endpoints and the background jobs go through here; they differ only in
 * their time limits.
 */
public final class QueryEngine {
  private final Phases phases;
  private final QuerySettings settings;

  /**
   * @param fetcher phase 2 in the service, with this engine's time limit
   * @param bigPhase2 phase 2 of answers above {@link QuerySettings#mapReduceThreshold(boolean)}
   */
  public QueryEngine(IndexSpec spec, QuerySettings settings, IndexScanner scanner, TweetFetcher fetcher,
      TweetAssembler assembler, Phase2.Job bigPhase2) {
    this(spec, settings, scanner, fetcher, assembler, bigPhase2, Platform.TWITTER, AccountIds.NONE);
  }

  /**
   * @param platform whose tables the scanner, fetcher and assembler read
   * @param accounts the user ids of DIDs, on a platform whose accounts have them
   */
  public QueryEngine(IndexSpec spec, QuerySettings settings, IndexScanner scanner, TweetFetcher fetcher,
      TweetAssembler assembler, Phase2.Job bigPhase2, Platform platform, AccountIds accounts) {
    this.settings = settings;
    this.phases = Phases.of(platform, spec, accounts, scanner, fetcher, assembler, bigPhase2,
        settings.mapReduceThreshold(bigPhase2.onCluster()));
  }

  /**
   * The query of that name with those parameters (absent ones are not in the map).
   *
   * @throws BadQueryException saying what is wrong: an unknown query, a bad or missing parameter
   */
  public Query parse(String kind, Map<String, String> parameters) {
    return QueryKind.named(kind).parse(new QueryRequest(parameters, settings, phases.indexKeys(), phases.memeKeys()));
  }

  /** The query of this platform alone. @param progress told how far a phase-2 MapReduce job has got */
  public QueryResult answer(AnswerQuery<?> query, Progress progress) throws IOException {
    return Asked.of(this, query).answer(progress);
  }

  /** The query's share of an answer from this platform's tables. */
  public <V> Share<V> gather(AnswerQuery<V> query, Progress progress) throws IOException {
    return query.gather(phases, progress);
  }

  public Platform platform() {
    return phases.platform();
  }

  /** Phase 1 of a lookup: the tweets found, or those of them in the sample asked for. */
  Found find(LookupQuery query) throws IOException {
    return query.find(phases).sampled(query.fields().sample());
  }

  /**
   * Phase 2 of a lookup: writes the found tweets in time order as the lines say, fetching what they
   * need in bounded batches as it writes, so memory does not grow with the answer.
   */
  void writeTweets(Found found, TweetLines asked, OutputStream out) throws IOException {
    TweetLines fields = phases.platform() == Platform.BLUESKY ? asked.withPostAddress() : asked;
    try (TweetLines.Writer writer = fields.writer(out)) {
      if (!fields.needsFetch()) {
        writer.ids(found.tweets());
        return;
      }
      phases.fetcher().fetchBatches(found.tweets(), fields.withJson(), batch -> {
        try {
          if (fields.originals()) {
            writer.statuses(phases.assemble(batch));
          } else {
            writer.tweets(batch);
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** What this engine's queries run on. */
  Phases phases() {
    return phases;
  }
}
