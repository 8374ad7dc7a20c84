package org.observatory.api.query;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Platform;
import org.observatory.schemas.tables.StoredTweet;

/**
 * Runs queries: parses a request once into a validated {@link Query} by the catalogue, then evaluates
 * it — phase 1 on the indexes, phase 2 where it needs the tweets. The synchronous endpoints and the
 * background jobs go through here; they differ only in their time limits.
 */
public final class QueryEngine {
  private final IndexScanner scanner;
  private final TweetFetcher fetcher;
  private final TweetAssembler assembler;
  private final Phase2 phase2;
  private final QuerySettings settings;
  private final IndexKeys indexKeys;
  private final MemeKeys memeKeys;
  private final MemeCountsByHour memeCountsByHour;
  private final TalliesByHour talliesByHour;
  private final TopMemesByHour topMemesByHour;
  private final Platform platform;

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
    this.platform = platform;
    this.scanner = scanner;
    this.fetcher = fetcher;
    this.assembler = assembler;
    this.settings = settings;
    this.indexKeys = new IndexKeys(spec);
    this.memeKeys = MemeKeys.of(spec, accounts);
    this.memeCountsByHour = new MemeCountsByHour(scanner);
    this.talliesByHour = new TalliesByHour(scanner);
    this.topMemesByHour = new TopMemesByHour(scanner);
    this.phase2 = new Phase2(fetcher, bigPhase2, memeKeys, settings.mapReduceThreshold(bigPhase2.onCluster()));
  }

  /**
   * The query of that name with those parameters (absent ones are not in the map).
   *
   * @throws BadQueryException saying what is wrong: an unknown query, a bad or missing parameter
   */
  public Query parse(String kind, Map<String, String> parameters) {
    return QueryKind.named(kind).parse(new QueryRequest(parameters, settings, indexKeys, memeKeys));
  }

  /** The query of this platform alone. @param progress told how far a phase-2 MapReduce job has got */
  public QueryResult answer(AnswerQuery<?> query, Progress progress) throws IOException {
    return Asked.of(this, query).answer(progress);
  }

  /** The query's share of an answer from this platform's tables. */
  public <V> Share<V> gather(AnswerQuery<V> query, Progress progress) throws IOException {
    return query.gather(this, progress);
  }

  public Platform platform() {
    return platform;
  }

  /** Phase 1 of a lookup: the tweets found, or those of them in the sample asked for. */
  public Found find(LookupQuery query) throws IOException {
    return query.fields().sample().of(query.find(this));
  }

  /**
   * Phase 2 of a lookup: writes the found tweets in time order as the lines say, fetching what they
   * need in bounded batches as it writes, so memory does not grow with the answer.
   */
  public void writeTweets(Found found, TweetLines asked, OutputStream out) throws IOException {
    TweetLines fields = platform == Platform.BLUESKY ? asked.withPostAddress() : asked;
    try (TweetLines.Writer writer = fields.writer(out)) {
      if (!fields.needsFetch()) {
        writer.ids(found.tweets());
        return;
      }
      fetcher.fetchBatches(found.tweets(), fields.withJson(), batch -> {
        try {
          if (fields.originals()) {
            writer.statuses(assembler.assemble(batch));
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

  /** The tweets, month by month in the hits' order (a tweet deleted since is missing). */
  List<StoredTweet> fetch(TweetHits tweets, boolean withJson) throws IOException {
    List<StoredTweet> fetched = new ArrayList<>();
    fetcher.fetchBatches(tweets, withJson, fetched::addAll);
    return fetched;
  }

  /** The original statuses of tweets fetched with their JSON, in the same order. */
  List<JsonNode> assemble(List<StoredTweet> tweets) throws IOException {
    return assembler.assemble(tweets);
  }

  IndexScanner.IndexHits scanMemes(List<Meme> memes, TimeWindow window, boolean values) throws IOException {
    return scanMemes(memes, window, values, null);
  }

  /** Keeping the cells' values where they carry all of {@code fields} ({@link IndexScanner#scan}). */
  IndexScanner.IndexHits scanMemes(List<Meme> memes, TimeWindow window, boolean values, List<String> fields)
      throws IOException {
    return scanner.scan(MemeKeys.INDEX, memes.stream().map(Meme::key).toList(), window, values, fields);
  }

  /** Per hour of the window, the memes' tweets each and all together, from the meme index. */
  Share<MemeCountsByHour.Counted> countMemes(List<Meme> memes, TimeWindow window) throws IOException {
    MemeCountsByHour.Counted counted = memeCountsByHour.count(MemeKeys.INDEX, memes.stream().map(Meme::key).toList(), window);
    return new Share<>(counted, Share.Read.indexOnly(this, counted.months(), MemeCountsByHour.Counted.total(counted.any()),
        counted.skipped()));
  }

  TalliesByHour talliesByHour() {
    return talliesByHour;
  }

  TopMemesByHour topMemesByHour() {
    return topMemesByHour;
  }

  /** What a content query's tallies need to know of the memes asked. */
  ContentQuery.Asked asked(List<Meme> memes) {
    return new ContentQuery.Asked(memes, memeKeys);
  }

  MemeKeys memeKeys() {
    return memeKeys;
  }

  IndexScanner scanner() {
    return scanner;
  }

  TweetFetcher fetcher() {
    return fetcher;
  }

  Phase2 phase2() {
    return phase2;
  }

  /** The row keys the values make in an index, by the specification in force. */
  List<String> keys(String index, List<String> values) {
    return indexKeys.of(index, values);
  }
}
