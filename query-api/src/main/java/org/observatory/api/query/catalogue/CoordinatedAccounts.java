package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.observatory.api.query.Meme;
import org.observatory.api.query.Progress;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.fetch.Phase2;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.tally.CarriedTweet;
import org.observatory.api.query.tally.Clusters;
import org.observatory.api.query.tally.SimilarAccounts;
import org.observatory.api.query.tally.Trace;
import org.observatory.api.query.tally.UserTraces;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.tables.Month;

/**
 * coordinated-accounts: the accounts that act together in the matching tweets, found as Pacheco et
 * al. (ICWSM 2021) find them — each account's traces of one kind ({@link Trace}), TF-IDF weighted,
 * accounts compared by the cosine of their traces ({@link SimilarAccounts}), the pairs at least
 * {@code threshold} alike kept as weighted edges, and the groups they form as clusters. The traces
 * come from the meme index's cells where they carry them, from the fetched tweets elsewhere.
 */
public record CoordinatedAccounts(QueryKind kind, List<Meme> memes, TimeWindow window, Trace trace, long burstMillis,
    int minTraces, double threshold, boolean shared, int limit) implements AnswerQuery<UserTraces> {
  static final int DEFAULT_MIN_TRACES = 5;
  static final double DEFAULT_THRESHOLD = 0.9;
  static final int DEFAULT_BURST_SECONDS = 30;
  private static final int MAX_BURST_SECONDS = 86_400;

  static CoordinatedAccounts parse(QueryKind kind, QueryRequest request) {
    return new CoordinatedAccounts(kind, request.memes(), request.window(),
        Trace.named(request.get(QueryParameter.TRACE)),
        1000L * request.count(QueryParameter.BURST, DEFAULT_BURST_SECONDS, MAX_BURST_SECONDS),
        request.count(QueryParameter.MIN_TRACES, DEFAULT_MIN_TRACES, Integer.MAX_VALUE),
        request.fraction(QueryParameter.THRESHOLD, DEFAULT_THRESHOLD), request.flag(QueryParameter.SHARED),
        request.limit(Integer.MAX_VALUE, DiffusionEdges.MAX_LIMIT));
  }

  @Override
  public Share<UserTraces> gather(Phases phases, Progress progress) throws IOException {
    UserTraces traces = new UserTraces(trace, new Trace.Context(memes, phases.memeKeys(), burstMillis));
    IndexScanner.IndexHits hits = phases.scanMemes(memes, window, false, trace.fields(phases.memeKeys()));
    TweetHits found = hits.distinct();
    TweetHits toFetch = new TweetHits();
    for (int i = 0; i < found.size(); i++) {
      IndexDefinition carrier = hits.carrying().get(Month.of(found.time(i)));
      if (carrier != null) {
        traces.add(CarriedTweet.of(carrier, found.id(i), found.time(i), found.cell(i)));
      } else {
        toFetch.add(found.id(i), found.time(i));
      }
    }
    phases.fetcher().fetch(toFetch, traces::add);
    String evaluation = toFetch.size() == 0 ? QueryResult.INDEX_ONLY : Phase2.IN_SERVICE;
    return new Share<>(traces, new Share.Read(phases.platform(), hits.months(), found.size(), evaluation, null,
        hits.skipped()));
  }

  @Override
  public QueryResult answer(List<Share<UserTraces>> shares, long began) {
    UserTraces traces = shares.get(0).values();
    for (Share<UserTraces> share : shares.subList(1, shares.size())) {
      traces.addAll(share.values());
    }
    long projecting = System.nanoTime();
    SimilarAccounts similar = SimilarAccounts.of(traces, minTraces, threshold);
    Clusters clusters = Clusters.of(similar);
    long similarityMillis = QueryResult.millisSince(projecting);
    List<SimilarAccounts.Pair> pairs = similar.pairs();
    List<Map<String, Object>> rows = new ArrayList<>();
    for (SimilarAccounts.Pair pair : pairs.subList(0, Math.min(limit, pairs.size()))) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("source", similar.id(pair.first()));
      row.put("target", similar.id(pair.second()));
      row.put("weight", Math.round(pair.similarity() * 1e6) / 1e6);
      row.put("cluster", clusters.of(pair.first()));
      row.put("sourceName", similar.name(pair.first()));
      row.put("targetName", similar.name(pair.second()));
      row.put("shared", pair.shared());
      if (shared) {
        row.put("traces", similar.shared(pair));
      }
      rows.add(row);
    }
    List<QueryResult.Cut> cuts = pairs.size() > limit
        ? List.of(new QueryResult.Cut("edges", limit, pairs.size(), "the most alike")) : List.of();
    List<QueryResult.Cluster> groups = new ArrayList<>();
    for (List<Integer> members : clusters.members()) {
      List<QueryResult.Account> accounts = members.stream()
          .map(a -> new QueryResult.Account(similar.id(a), similar.name(a), similar.traces(a))).toList();
      groups.add(new QueryResult.Cluster(groups.size() + 1, accounts.size(), accounts));
    }
    QueryResult.Coordination coordination = new QueryResult.Coordination(traces.accountCount(),
        similar.accountsKept(), similar.tracesKept(), pairs.size(), similarityMillis, similar.bytes(), groups);
    return new QueryResult(kind.apiName(), window.startInstant(), window.endInstant(), null, rows,
        Share.meta(shares, began, cuts), coordination);
  }
}
