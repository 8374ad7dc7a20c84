package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.observatory.api.query.Meme;
import org.observatory.api.query.Progress;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.fetch.IndexedUserCounts;
import org.observatory.api.query.fetch.Phase2;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.index.TalliesByHour;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.tally.CarriedTweet;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.api.query.tally.Tallies;
import org.observatory.api.query.tally.Tally;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.tables.Month;

/**
 * A query that needs the matching tweets' content: phase 1 finds them in the meme index, phase 2
 * fetches and tallies them (in the service, or above the threshold in a MapReduce job), and the
 * tallies become the answer. Where the meme index's cells carry every field the query reads, the
 * cells are tallied and nothing is fetched; where they hold only the posters' ids, user-post-count
 * counts from the index and fetches only each user's latest tweet, for a label.
 */
public record TallyQuery(QueryKind kind, ContentQuery content, List<Meme> memes, TimeWindow window)
    implements AnswerQuery<TallyQuery.Tallied> {
  /** The index's user ids answered user-post-count; only each user's latest tweet was fetched, for a label. */
  public static final String FROM_INDEX = "index+labels";

  /** A platform's tallies, and the kept hours' tallies in their stored form ({@link TalliesByHour}). */
  record Tallied(Map<String, Tally> tallies, List<ByteBuffer> kept) {}

  @Override
  public Share<Tallied> gather(Phases phases, Progress progress) throws IOException {
    List<String> needed = content.fields(phases.memeKeys());
    boolean userPosts = content == ContentQuery.USER_POST_COUNT;
    // The hours kept from an earlier query are merged as they are; the rest of the window is scanned.
    TalliesByHour.Read kept = phases.talliesByHour().read(content, memes, window, needed);
    ContentQuery.Asked asked = phases.asked(memes);
    Tallies carried = new Tallies();
    IndexedUserCounts counted = new IndexedUserCounts();
    TweetHits toFetch = new TweetHits();
    long found = kept.tweets;
    // Months whose cells carry what the query reads are tallied from them; months whose cells hold the
    // posters' ids answer user-post-count from them; the rest need phase 2.
    Map<Month, String> paths = new LinkedHashMap<>();
    kept.carrying.forEach(month -> paths.put(month, QueryResult.INDEX_ONLY));
    for (TimeWindow stretch : kept.toScan) {
      IndexScanner.IndexHits hits = phases.scanMemes(kept.plan, memes, stretch, userPosts, needed);
      hits.carrying().keySet().forEach(month -> paths.put(month, QueryResult.INDEX_ONLY));
      if (userPosts) {
        hits.userIdMonths().forEach(month -> paths.putIfAbsent(month, FROM_INDEX));
      }
      TweetHits distinct = hits.distinct();
      found += distinct.size();
      for (int i = 0; i < distinct.size(); i++) {
        Month month = Month.of(distinct.time(i));
        IndexDefinition carrier = hits.carrying().get(month);
        if (carrier != null) {
          kept.found(distinct.time(i));
          content.tally(CarriedTweet.of(carrier, distinct.id(i), distinct.time(i), distinct.cell(i)), asked,
              kept.sink(distinct.time(i), carried));
        } else if (FROM_INDEX.equals(paths.get(month))) {
          counted.add(distinct.id(i), distinct.time(i), distinct.value(i));
        } else {
          toFetch.add(distinct.id(i), distinct.time(i));
        }
      }
    }
    phases.talliesByHour().keep(kept);
    Phase2.Tallied phase2 = phases.phase2().tally(content, memes, toFetch, progress);
    for (TalliesByHour.Hour hour : kept.toKeep.values()) {
      hour.tallies.asMap().forEach(carried::add);
    }
    phase2.tallies().forEach(carried::add);
    Map<String, Tally> tallies = carried.asMap();
    if (!counted.isEmpty()) {
      tallies = counted.mergeWith(tallies, phases.fetcher());
    }
    Map<Month, String> byMonth = new LinkedHashMap<>();
    kept.plan.sources().keySet().forEach(m -> byMonth.put(m, paths.getOrDefault(m, phase2.evaluation())));
    Set<String> evaluations = Set.copyOf(byMonth.values());
    String evaluation = evaluations.size() == 1 ? evaluations.iterator().next() : phase2.evaluation();
    return new Share<>(new Tallied(tallies, kept.kept), new Share.Read(phases.platform(),
        List.copyOf(kept.plan.sources().keySet()), found, evaluation, paths.isEmpty() ? null : byMonth,
        kept.plan.skipped()));
  }

  @Override
  public QueryResult answer(List<Share<Tallied>> shares, long began) {
    Map<String, Tally> tallies = shares.get(0).values().tallies();
    List<ByteBuffer> kept = shares.get(0).values().kept();
    if (shares.size() > 1) { // the platforms' keys are users, disjoint, or memes, summed
      Tallies all = new Tallies();
      List<ByteBuffer> allKept = new ArrayList<>();
      for (Share<Tallied> share : shares) {
        share.values().tallies().forEach(all::add);
        allKept.addAll(share.values().kept());
      }
      tallies = all.asMap();
      kept = allKept;
    }
    ContentQuery.Answer answer = content.answer(tallies, kept);
    return result(answer.counts(), answer.rows(), Share.meta(shares, began, List.of()));
  }
}
