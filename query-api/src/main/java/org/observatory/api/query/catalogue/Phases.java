package org.observatory.api.query.catalogue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.observatory.api.query.AccountIds;
import org.observatory.api.query.Meme;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.fetch.Phase2;
import org.observatory.api.query.fetch.TweetAssembler;
import org.observatory.api.query.fetch.TweetFetcher;
import org.observatory.api.query.index.IndexPlanner;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.index.MemeCountsByHour;
import org.observatory.api.query.index.TalliesByHour;
import org.observatory.api.query.index.TopMemesByHour;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Platform;
import org.observatory.schemas.tables.StoredTweet;

/**
 * What a query is handed to run on one platform's tables: phase 1 (the index scanner and the hour
 * caches of the counts, top-memes and the content queries' tallies), phase 2 (the fetcher, the
 * assembler of original statuses, the tally of fetched tweets in the service or by MapReduce), and how
 * values and memes become index keys there. The engine makes one per platform; a query reads what its
 * stage needs and nothing runs back up to the phases.
 */
public record Phases(Platform platform, IndexKeys indexKeys, MemeKeys memeKeys, IndexScanner scanner,
    MemeCountsByHour memeCountsByHour, TopMemesByHour topMemesByHour, TalliesByHour talliesByHour,
    TweetFetcher fetcher, TweetAssembler assembler, Phase2 phase2) {

  /**
   * @param accounts the user ids of DIDs, on a platform whose accounts have them
   * @param bigPhase2 phase 2 of answers above {@code mapReduceThreshold} tweets
   */
  public static Phases of(Platform platform, IndexSpec spec, AccountIds accounts, IndexScanner scanner,
      TweetFetcher fetcher, TweetAssembler assembler, Phase2.Job bigPhase2, int mapReduceThreshold) {
    MemeKeys memeKeys = MemeKeys.of(spec, accounts);
    return new Phases(platform, new IndexKeys(spec), memeKeys, scanner, new MemeCountsByHour(scanner),
        new TopMemesByHour(scanner), new TalliesByHour(scanner), fetcher, assembler,
        new Phase2(fetcher, bigPhase2, memeKeys, mapReduceThreshold));
  }

  /** The meme index's plan for the window: made once, for every stretch of it a query scans. */
  IndexPlanner.Plan planMemes(TimeWindow window) throws IOException {
    return scanner.plan(MemeKeys.INDEX, window);
  }

  /** The memes' hits in the meme index over the whole window, planned and scanned at once. */
  IndexScanner.IndexHits scanMemes(List<Meme> memes, TimeWindow window, boolean values, List<String> fields)
      throws IOException {
    return scanMemes(planMemes(window), memes, window, values, fields);
  }

  /** The memes' hits in a stretch of the planned window ({@link IndexScanner#scan}). */
  IndexScanner.IndexHits scanMemes(IndexPlanner.Plan plan, List<Meme> memes, TimeWindow stretch, boolean values,
      List<String> fields) throws IOException {
    return scanner.scan(plan, memes.stream().map(Meme::key).toList(), stretch, values, fields);
  }

  /** Per hour of the window, the memes' tweets each and all together, from the meme index. */
  Share<MemeCountsByHour.Counted> countMemes(List<Meme> memes, TimeWindow window) throws IOException {
    MemeCountsByHour.Counted counted = memeCountsByHour.count(MemeKeys.INDEX, memes.stream().map(Meme::key).toList(),
        window);
    return new Share<>(counted, Share.Read.indexOnly(platform, counted.months(),
        MemeCountsByHour.Counted.total(counted.any()), counted.skipped()));
  }

  /** What a content query's tallies need to know of the memes asked. */
  ContentQuery.Asked asked(List<Meme> memes) {
    return new ContentQuery.Asked(memes, memeKeys);
  }

  /** The row keys the values make in an index, by the specification in force. */
  List<String> keys(String index, List<String> values) {
    return indexKeys.of(index, values);
  }

  /** The tweets, month by month in the hits' order (a tweet deleted since is missing). */
  public List<StoredTweet> fetch(TweetHits tweets, boolean withJson) throws IOException {
    List<StoredTweet> fetched = new ArrayList<>();
    fetcher.fetchBatches(tweets, withJson, fetched::addAll);
    return fetched;
  }

  /** The original statuses of tweets fetched with their JSON, in the same order. */
  public List<JsonNode> assemble(List<StoredTweet> tweets) throws IOException {
    return assembler.assemble(tweets);
  }
}
