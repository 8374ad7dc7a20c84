package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.observatory.api.query.IndexKey;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.Progress;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.fetch.Phase2;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.output.TweetLines;
import org.observatory.api.query.tally.CarriedTweet;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.KeyRule;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.StoredTweet;

/**
 * user-activity: per UTC day (or hour) of the window, every one listed, what a user did and had done
 * to them: the tweets they posted and how many of those were retweets, and the retweets of their tweets
 * and the other tweets that mention them. A screen name stands for every account that used it in the
 * window. Their own tweets come from the user-tweets index and are fetched (to tell retweets apart);
 * what they received, from the meme index's row of their user id as mentioned (a retweet mentions the
 * author it retweets), read from the cells where they carry the retweeted author, fetched elsewhere.
 */
public record UserActivity(QueryKind kind, UserLookup who, KeyRule mentioned, TimeWindow window,
    TimestampCount.Granularity per) implements AnswerQuery<long[][]> {
  private static final String MENTIONED_FIELD = "mentions.id";
  private static final List<String> RECEIVED_FIELDS = List.of("retweet_of.user.id");

  static UserActivity parse(QueryKind kind, QueryRequest request) {
    UserLookup who = UserLookup.of(kind, request, TweetLines.parse(null)); // its accounts and their tweets only
    KeyRule mentioned = request.rule(MemeKeys.INDEX, MENTIONED_FIELD);
    return new UserActivity(kind, who, mentioned, request.window(), request.granularity());
  }

  @Override
  public Share<long[][]> gather(Phases phases, Progress progress) throws IOException {
    UserLookup.Accounts accounts = who.accounts(phases);
    long first = Math.floorDiv(window.start(), per.millis);
    long[][] perBucket = new long[(int) (Math.floorDiv(window.endExclusive() - 1, per.millis) - first + 1)][4];
    List<QueryResult.Skipped> skipped = new ArrayList<>(accounts.skipped());
    Set<Month> months = new java.util.TreeSet<>(accounts.months());
    long tweets = 0;
    if (!accounts.userIds().isEmpty()) {
      IndexScanner.IndexHits posted = who.tweetsOf(phases, accounts.userIds());
      phases.fetcher().fetch(posted.distinct(), t -> {
        long[] bucket = perBucket[(int) (Math.floorDiv(t.createdAt(), per.millis) - first)];
        bucket[0]++;
        bucket[1] += t.retweetOf() != null ? 1 : 0;
      });
      IndexScanner.IndexHits received = phases.scanner().scan(phases.scanner().plan(MemeKeys.INDEX, window),
          mentionKeys(accounts.userIds()), window, false, RECEIVED_FIELDS);
      Set<Long> ids = new HashSet<>();
      accounts.userIds().forEach(id -> ids.add(Long.parseLong(id)));
      TweetHits toFetch = new TweetHits();
      TweetHits all = received.distinct();
      for (int i = 0; i < all.size(); i++) {
        IndexDefinition carrier = received.carrying().get(Month.of(all.time(i)));
        if (carrier != null && all.cell(i) != null) {
          countReceived(CarriedTweet.of(carrier, all.id(i), all.time(i), all.cell(i)), ids, perBucket, first);
        } else {
          toFetch.add(all.id(i), all.time(i));
        }
      }
      phases.fetcher().fetch(toFetch, t -> countReceived(t, ids, perBucket, first));
      tweets = posted.distinct().size() + all.size();
      skipped.addAll(posted.skipped());
      skipped.addAll(received.skipped());
      months.addAll(posted.months());
      months.addAll(received.months());
    }
    return new Share<>(perBucket, new Share.Read(phases.platform(), List.copyOf(months), tweets, Phase2.IN_SERVICE,
        null, skipped));
  }

  /** The accounts of the name on each platform asked, their activity added up. */
  @Override
  public QueryResult answer(List<Share<long[][]>> shares, long began) {
    long first = Math.floorDiv(window.start(), per.millis);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int b = 0; b < shares.get(0).values().length; b++) {
      long[] sum = new long[4];
      for (Share<long[][]> share : shares) {
        for (int c = 0; c < sum.length; c++) {
          sum[c] += share.values()[b][c];
        }
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("time", per.label((first + b) * per.millis));
      row.put("posts", sum[0]);
      row.put("retweetsGiven", sum[1]);
      row.put("retweetsReceived", sum[2]);
      row.put("mentionsReceived", sum[3]);
      rows.add(row);
    }
    return result(null, rows, Share.meta(shares, began, List.of()));
  }

  /** The meme index's rows of the users as mentioned. */
  private List<IndexKey> mentionKeys(List<String> userIds) {
    return userIds.stream().flatMap(id -> mentioned.keys(id).stream()).map(key -> new IndexKey(key, false))
        .toList();
  }

  /** A tweet that mentions the user: a retweet of theirs, or a mention. */
  private void countReceived(StoredTweet t, Set<Long> ids, long[][] perBucket, long first) {
    long[] bucket = perBucket[(int) (Math.floorDiv(t.createdAt(), per.millis) - first)];
    bucket[t.retweetOf() != null && ids.contains(t.retweetOf().userId()) ? 2 : 3]++;
  }
}
