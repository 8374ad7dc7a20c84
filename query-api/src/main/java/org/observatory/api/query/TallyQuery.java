package org.observatory.api.query;

import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.observatory.schemas.tables.Month;

/**
 * A query that needs the matching tweets' content: phase 1 finds them in the meme index, phase 2
 * fetches and tallies them (in the service, or above the threshold in a MapReduce job), and the
 * tallies become the answer. Where the meme index's cells carry every field the query reads, the
 * cells are tallied and nothing is fetched; where they hold only the posters' ids, user-post-count
 * counts from the index and fetches only each user's latest tweet, for a label.
 */
public record TallyQuery(QueryKind kind, ContentQuery content, List<Meme> memes, TimeWindow window)
    implements AnswerQuery {
  /** The index's user ids answered user-post-count; only each user's latest tweet was fetched, for a label. */
  public static final String FROM_INDEX = "index+labels";

  @Override
  public QueryResult answer(QueryEngine engine, Progress progress) throws IOException {
    long began = System.nanoTime();
    List<String> needed = content.fields(engine.memeKeys());
    boolean userPosts = content == ContentQuery.USER_POST_COUNT;
    IndexScanner.IndexHits found = engine.scanMemes(memes, window, userPosts, needed);
    // Months whose cells carry what the query reads are tallied from them; months whose cells hold the
    // posters' ids answer user-post-count from them; the rest need phase 2.
    Map<Month, String> paths = new LinkedHashMap<>();
    found.carrying().keySet().forEach(month -> paths.put(month, QueryResult.INDEX_ONLY));
    if (userPosts) {
      found.userIdMonths().forEach(month -> paths.putIfAbsent(month, FROM_INDEX));
    }
    ContentQuery.Asked asked = engine.asked(memes);
    Tallies carried = new Tallies();
    IndexedUserCounts counted = new IndexedUserCounts();
    TweetHits toFetch = new TweetHits();
    TweetHits distinct = found.distinct();
    for (int i = 0; i < distinct.size(); i++) {
      Month month = Month.of(distinct.time(i));
      String path = paths.get(month);
      if (QueryResult.INDEX_ONLY.equals(path)) {
        content.tally(CarriedTweet.of(found.carrying().get(month), distinct.id(i), distinct.time(i), distinct.cell(i)),
            asked, carried);
      } else if (FROM_INDEX.equals(path)) {
        counted.add(distinct.id(i), distinct.time(i), distinct.value(i));
      } else {
        toFetch.add(distinct.id(i), distinct.time(i));
      }
    }
    Phase2.Tallied phase2 = engine.phase2().tally(content, memes, toFetch, progress);
    Map<String, Tally> tallies = new HashMap<>(phase2.tallies());
    for (Map.Entry<String, Tally> tally : carried.asMap().entrySet()) {
      tallies.merge(tally.getKey(), tally.getValue(), Tally::merge);
    }
    if (!counted.isEmpty()) {
      tallies = counted.mergeWith(tallies, engine.fetcher());
    }
    Map<String, String> byMonth = new LinkedHashMap<>();
    found.months().forEach(m -> byMonth.put(m.toString(), paths.getOrDefault(m, phase2.evaluation())));
    ContentQuery.Answer answer = content.answer(tallies);
    Set<String> evaluations = Set.copyOf(byMonth.values());
    String evaluation = evaluations.size() == 1 ? evaluations.iterator().next() : phase2.evaluation();
    return new QueryResult(kind.apiName(), window.startInstant(), window.endInstant(), answer.counts(),
        answer.rows(), new QueryResult.Meta(found.monthNames(), distinct.size(), evaluation,
            QueryResult.millisSince(began), paths.isEmpty() ? null : byMonth, found.skipped()));
  }
}
