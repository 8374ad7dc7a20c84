package org.observatory.api.query.catalogue;

import static org.observatory.api.query.catalogue.QueryParameter.AROUND;
import static org.observatory.api.query.catalogue.QueryParameter.BURST;
import static org.observatory.api.query.catalogue.QueryParameter.END;
import static org.observatory.api.query.catalogue.QueryParameter.FIELDS;
import static org.observatory.api.query.catalogue.QueryParameter.GRANULARITY;
import static org.observatory.api.query.catalogue.QueryParameter.ID;
import static org.observatory.api.query.catalogue.QueryParameter.KIND;
import static org.observatory.api.query.catalogue.QueryParameter.LIMIT;
import static org.observatory.api.query.catalogue.QueryParameter.MEMES;
import static org.observatory.api.query.catalogue.QueryParameter.MIN_TRACES;
import static org.observatory.api.query.catalogue.QueryParameter.NODES;
import static org.observatory.api.query.catalogue.QueryParameter.RANK;
import static org.observatory.api.query.catalogue.QueryParameter.SAMPLE;
import static org.observatory.api.query.catalogue.QueryParameter.SHARED;
import static org.observatory.api.query.catalogue.QueryParameter.START;
import static org.observatory.api.query.catalogue.QueryParameter.THRESHOLD;
import static org.observatory.api.query.catalogue.QueryParameter.TRACE;
import static org.observatory.api.query.catalogue.QueryParameter.TWEET_IDS;
import static org.observatory.api.query.catalogue.QueryParameter.TYPES;
import static org.observatory.api.query.catalogue.QueryParameter.USER;
import static org.observatory.api.query.catalogue.QueryParameter.WORDS;

import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.output.Answer;
import org.observatory.api.query.tally.ContentQuery;

/**
 * The catalogue of queries: each one's API name, the parameters it takes, the columns of its answer,
 * and how its parameters become a validated {@link Query}. Adding a query is an entry here and the
 * class of its value.
 */
public enum QueryKind implements Answer.Of {
  MEME_POST_COUNT("meme-post-count", Params.MEMES, Answer.counts("meme"), MemePostCount::parse),
  TIMESTAMP_COUNT("timestamp-count", List.of(MEMES, START, END, GRANULARITY), Answer.counts("time"),
      TimestampCount::parse),
  USER_POST_COUNT("user-post-count", Params.MEMES, Answer.rows("userId", "screenName", "count"),
      (kind, p) -> new TallyQuery(kind, ContentQuery.USER_POST_COUNT, p.memes(), p.window())),
  MEME_COOCCURRENCE_COUNT("meme-cooccurrence-count", Params.MEMES, Answer.counts("meme"),
      (kind, p) -> new TallyQuery(kind, ContentQuery.MEME_COOCCURRENCE_COUNT, p.memes(), p.window())),
  MEME_NETWORK("meme-network", Params.MEMES, Answer.UNDIRECTED_EDGES,
      (kind, p) -> new TallyQuery(kind, ContentQuery.MEME_NETWORK, p.memes(), p.window())),
  RETWEET_EDGES("retweet-edges", Params.MEMES, Answer.EDGES,
      (kind, p) -> new TallyQuery(kind, ContentQuery.RETWEET_EDGES, p.memes(), p.window())),
  MENTION_EDGES("mention-edges", Params.MEMES, Answer.EDGES,
      (kind, p) -> new TallyQuery(kind, ContentQuery.MENTION_EDGES, p.memes(), p.window())),
  GET_TWEETS_WITH_MEME("get-tweets-with-meme", Params.lookup(MEMES), Answer.TWEETS, MemeLookup::parse),
  GET_TWEETS_WITH_TEXT("get-tweets-with-text", Params.lookup(WORDS), Answer.TWEETS, TextLookup::parse),
  GET_TWEETS_WITH_USER("get-tweets-with-user", Params.lookup(USER), Answer.TWEETS, UserLookup::parse),
  GET_RETWEETS("get-retweets", Params.lookup(ID), Answer.TWEETS, RetweetLookup::parse),
  TOP_MEMES("top-memes", List.of(KIND, START, END, LIMIT, GRANULARITY, RANK),
      Answer.rows("start", "key", "count", "previous", "name"), TopMemes::parse),
  USER_ACTIVITY("user-activity", List.of(USER, START, END, GRANULARITY),
      Answer.rows("time", "posts", "retweetsGiven", "retweetsReceived", "mentionsReceived"), UserActivity::parse),
  DIFFUSION_EDGES("diffusion-edges", List.of(MEMES, START, END, TYPES, AROUND, LIMIT, NODES, TWEET_IDS),
      new Answer(Answer.Shape.EDGES, List.of("source", "target", "type", "weight", "sourceName", "targetName",
          "first", "last", "tweets"), true),
      DiffusionEdges::parse),
  COORDINATED_ACCOUNTS("coordinated-accounts",
      List.of(MEMES, START, END, TRACE, BURST, MIN_TRACES, THRESHOLD, SHARED, LIMIT),
      Answer.similarities("source", "target", "weight", "cluster", "sourceName", "targetName", "shared", "traces"),
      CoordinatedAccounts::parse);

  private final String apiName;
  private final List<QueryParameter> parameters;
  private final Answer answer;
  private final BiFunction<QueryKind, QueryRequest, Query> parser;

  QueryKind(String apiName, List<QueryParameter> parameters, Answer answer,
      BiFunction<QueryKind, QueryRequest, Query> parser) {
    this.apiName = apiName;
    this.parameters = parameters;
    this.answer = answer;
    this.parser = parser;
  }

  /** Parameter lists several queries share. */
  private static final class Params {
    static final List<QueryParameter> MEMES = List.of(QueryParameter.MEMES, START, END);

    static List<QueryParameter> lookup(QueryParameter what) {
      return List.of(what, START, END, FIELDS, SAMPLE);
    }
  }

  @Override
  public String apiName() {
    return apiName;
  }

  /** The parameters it reads besides {@link QueryParameter#PLATFORM} and {@link QueryParameter#FORMAT}, which every query takes. */
  public List<QueryParameter> parameters() {
    return parameters;
  }

  @Override
  public Answer answer() {
    return answer;
  }

  /** The name of a background job's result file. */
  public String resultFileName() {
    return isLookup() ? "result.ndjson" : "result.json";
  }

  /** @throws BadQueryException saying what is wrong with a parameter */
  public Query parse(QueryRequest parameters) {
    return parser.apply(this, parameters);
  }

  /** @throws BadQueryException for an unknown name, listing the known ones */
  public static QueryKind named(String apiName) {
    return Arrays.stream(values()).filter(k -> k.apiName.equals(apiName)).findFirst()
        .orElseThrow(() -> new BadQueryException("unknown query '" + apiName + "'; known queries: "
            + String.join(", ", Arrays.stream(values()).map(QueryKind::apiName).toList())));
  }
}
