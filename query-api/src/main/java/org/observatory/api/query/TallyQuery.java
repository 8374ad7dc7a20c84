package org.observatory.api.query;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.observatory.schemas.tables.Month;

/**
 * A query that needs the matching tweets' content: phase 1 finds them in the meme index, phase 2
 * fetches and tallies them (in the service, or above the threshold in a MapReduce job), and the
 * tallies become the answer. Where the meme index holds the posters' ids, user-post-count counts from
 * the index and fetches only each user's latest tweet, for a label.
 */
public record TallyQuery(QueryKind kind, ContentQuery content, List<Meme> memes, TimeWindow window)
    implements AnswerQuery {
  /** The index's user ids answered user-post-count; only each user's latest tweet was fetched, for a label. */
  public static final String FROM_INDEX = "index+labels";

  @Override
  public QueryResult answer(QueryEngine engine, Progress progress) throws IOException {
    long began = System.nanoTime();
    boolean countFromIndex = content == ContentQuery.USER_POST_COUNT;
    IndexScanner.IndexHits found = engine.scanMemes(memes, window, countFromIndex);
    // Months whose index holds the posters' ids answer user-post-count from it; the rest need phase 2.
    Set<Month> fromIndex = Set.copyOf(found.userIdMonths());
    IndexedUserCounts counted = new IndexedUserCounts();
    TweetHits toFetch = new TweetHits();
    TweetHits distinct = found.distinct();
    for (int i = 0; i < distinct.size(); i++) {
      if (fromIndex.contains(Month.of(distinct.time(i)))) {
        counted.add(distinct.id(i), distinct.time(i), distinct.value(i));
      } else {
        toFetch.add(distinct.id(i), distinct.time(i));
      }
    }
    Phase2.Tallied phase2 = engine.phase2().tally(content, memes, toFetch, progress);
    Map<String, Tally> tallies = phase2.tallies();
    if (!counted.isEmpty()) {
      tallies = counted.mergeWith(tallies, engine.fetcher());
    }
    Map<String, String> paths = new LinkedHashMap<>();
    found.months().forEach(m -> paths.put(m.toString(), fromIndex.contains(m) ? FROM_INDEX : phase2.evaluation()));
    ContentQuery.Answer answer = content.answer(tallies);
    String evaluation = fromIndex.containsAll(found.months()) && !fromIndex.isEmpty() ? FROM_INDEX
        : phase2.evaluation();
    return new QueryResult(kind.apiName(), window.startInstant(), window.endInstant(), answer.counts(),
        answer.rows(), new QueryResult.Meta(List.copyOf(paths.keySet()), distinct.size(), evaluation,
            QueryResult.millisSince(began), fromIndex.isEmpty() ? null : paths, found.skipped()));
  }
}
