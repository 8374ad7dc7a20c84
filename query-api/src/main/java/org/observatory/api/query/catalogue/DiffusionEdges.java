package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Meme;
import org.observatory.api.query.Progress;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.fetch.Phase2;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.tally.CarriedTweet;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.StoredTweet;
import org.observatory.schemas.tweet.Tweet;

/**
 * diffusion-edges: how the matching tweets spread, as typed user → user edges — retweet (retweeter →
 * author), quote (quoter → author), reply (replier → the user replied to) and mention (poster →
 * mentioned; a retweet's mention of the author it retweets is its retweet edge, not a mention) — each
 * with its weight, the names its latest tweet gave its ends (the poster's, and the target's where that
 * tweet mentions them), the first and last tweet's times and, asked for, the tweets' ids. Asked
 * {@code around} a user, only the edges from or to them. The heaviest
 * first; caps keep the users of most weight (the weights of their edges summed) and the heaviest
 * edges among them, and say so. Read from the meme index's cells where they carry the
 * ends the types need, from the fetched tweets elsewhere.
 */
public record DiffusionEdges(QueryKind kind, List<Meme> memes, TimeWindow window, Set<Type> types, long around,
    int limit, int nodes, boolean tweetIds) implements AnswerQuery<Map<DiffusionEdges.Edge, DiffusionEdges.Spread>> {
  static final int MAX_LIMIT = 10_000_000;

  /** An edge's type, and the field that names its target. */
  public enum Type {
    RETWEET("retweet_of.user.id"), QUOTE("quote_of.user.id"), REPLY("reply_to.user.id"), MENTION("mentions.id");

    final String field;

    Type(String field) {
      this.field = field;
    }

    String apiName() {
      return name().toLowerCase(Locale.ROOT);
    }

    static Set<Type> parseAll(String text) {
      if (text == null || text.isBlank()) {
        return EnumSet.allOf(Type.class);
      }
      Set<Type> types = EnumSet.noneOf(Type.class);
      for (String name : text.split(",")) {
        types.add(java.util.Arrays.stream(values()).filter(t -> t.apiName().equals(name.strip())).findFirst()
            .orElseThrow(() -> new BadQueryException("types are retweet, quote, reply and mention, comma-separated; "
                + "not '" + name.strip() + "'")));
      }
      return types;
    }
  }

  static DiffusionEdges parse(QueryKind kind, QueryRequest request) {
    return new DiffusionEdges(kind, request.memes(), request.window(), Type.parseAll(request.get(QueryParameter.TYPES)),
        request.userId(QueryParameter.AROUND), request.limit(Integer.MAX_VALUE, MAX_LIMIT),
        request.count(QueryParameter.NODES, Integer.MAX_VALUE, MAX_LIMIT), request.flag(QueryParameter.TWEET_IDS));
  }

  record Edge(long source, long target, Type type) {}

  /** What the edge's tweets add up to, and the names its latest tweet gave its ends. */
  static final class Spread {
    long weight;
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    String sourceName;
    String targetName;
    final List<Long> tweets = new ArrayList<>();

    void add(long tweetId, long time, boolean keepId, String source, String target) {
      weight++;
      first = Math.min(first, time);
      if (time > last || time == last && NAMES.compare(new String[] {source, target},
          new String[] {sourceName, targetName}) > 0) { // ties to the greater names, in any order of reading
        sourceName = source;
        targetName = target;
      }
      last = Math.max(last, time);
      if (keepId) {
        tweets.add(tweetId);
      }
    }

    private static final Comparator<String[]> NAMES = Comparator
        .<String[], String>comparing(n -> n[0], Comparator.nullsFirst(Comparator.naturalOrder()))
        .thenComparing(n -> n[1], Comparator.nullsFirst(Comparator.naturalOrder()));
  }

  @Override
  public Share<Map<Edge, Spread>> gather(Phases phases, Progress progress) throws IOException {
    List<String> needed = new ArrayList<>(List.of("user.id", "user.screen_name", "mentions.id",
        "mentions.screen_name"));
    types.forEach(t -> needed.add(t.field));
    IndexScanner.IndexHits hits = phases.scanMemes(memes, window, false, needed);
    TweetHits found = hits.distinct().inTimeOrder(); // so that each edge's ids come in time order
    Map<Edge, Spread> edges = new HashMap<>();
    TweetHits toFetch = new TweetHits();
    for (int i = 0; i < found.size(); i++) {
      IndexDefinition carrier = hits.carrying().get(Month.of(found.time(i)));
      if (carrier != null) {
        add(CarriedTweet.of(carrier, found.id(i), found.time(i), found.cell(i)), edges);
      } else {
        toFetch.add(found.id(i), found.time(i));
      }
    }
    phases.fetcher().fetch(toFetch, t -> add(t, edges));
    String evaluation = toFetch.size() == 0 ? QueryResult.INDEX_ONLY : Phase2.IN_SERVICE;
    return new Share<>(edges, new Share.Read(phases.platform(), hits.months(), found.size(), evaluation, null,
        hits.skipped()));
  }

  @Override
  public QueryResult answer(List<Share<Map<Edge, Spread>>> shares, long began) {
    Map<Edge, Spread> edges = shares.get(0).values();
    for (Share<Map<Edge, Spread>> share : shares.subList(1, shares.size())) {
      edges.putAll(share.values()); // the platforms' users are not the same, nor their edges
    }
    List<QueryResult.Cut> cuts = new ArrayList<>();
    List<Map.Entry<Edge, Spread>> heaviest = new ArrayList<>(amongHeaviestUsers(edges, cuts));
    heaviest.sort(Comparator.<Map.Entry<Edge, Spread>>comparingLong(e -> -e.getValue().weight)
        .thenComparingLong(e -> e.getKey().source()).thenComparingLong(e -> e.getKey().target())
        .thenComparing(e -> e.getKey().type()));
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Map.Entry<Edge, Spread> e : heaviest.subList(0, Math.min(limit, heaviest.size()))) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("source", e.getKey().source());
      row.put("target", e.getKey().target());
      row.put("type", e.getKey().type().apiName());
      row.put("weight", e.getValue().weight);
      row.put("sourceName", e.getValue().sourceName);
      row.put("targetName", e.getValue().targetName);
      row.put("first", Instant.ofEpochMilli(e.getValue().first).toString());
      row.put("last", Instant.ofEpochMilli(e.getValue().last).toString());
      if (tweetIds) {
        e.getValue().tweets.sort(null); // fetched batches come in any order
        row.put("tweets", e.getValue().tweets);
      }
      rows.add(row);
    }
    if (heaviest.size() > limit) {
      cuts.add(new QueryResult.Cut("edges", limit, heaviest.size(), "the heaviest"));
    }
    return result(null, rows, Share.meta(shares, began, cuts));
  }

  /** The edges between the {@link #nodes} users of most weight (ties to the lower id); all when fewer. */
  private List<Map.Entry<Edge, Spread>> amongHeaviestUsers(Map<Edge, Spread> edges, List<QueryResult.Cut> cuts) {
    Map<Long, Long> weights = new HashMap<>();
    edges.forEach((edge, spread) -> {
      weights.merge(edge.source(), spread.weight, Long::sum);
      if (edge.target() != edge.source()) {
        weights.merge(edge.target(), spread.weight, Long::sum);
      }
    });
    if (weights.size() <= nodes) {
      return new ArrayList<>(edges.entrySet());
    }
    Set<Long> kept = new HashSet<>();
    weights.entrySet().stream()
        .sorted(Map.Entry.<Long, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .limit(nodes).forEach(e -> kept.add(e.getKey()));
    cuts.add(new QueryResult.Cut("nodes", nodes, weights.size(), "the users of most weight, their edges' summed"));
    return edges.entrySet().stream()
        .filter(e -> kept.contains(e.getKey().source()) && kept.contains(e.getKey().target())).toList();
  }

  /** The tweet's edges of the types asked. */
  private void add(StoredTweet t, Map<Edge, Spread> edges) {
    if (t.userId() == 0) {
      return;
    }
    Set<Long> retweeted = new LinkedHashSet<>();
    if (t.retweetOf() != null && t.retweetOf().userId() != 0) {
      retweeted.add(t.retweetOf().userId());
    }
    for (Type type : types) {
      Set<Long> targets = switch (type) {
        case RETWEET -> retweeted;
        case QUOTE -> target(t.quoteOf());
        case REPLY -> target(t.replyTo());
        case MENTION -> mentioned(t, retweeted);
      };
      for (long target : targets) {
        if (around != 0 && t.userId() != around && target != around) {
          continue;
        }
        edges.computeIfAbsent(new Edge(t.userId(), target, type), e -> new Spread())
            .add(t.id(), t.createdAt(), tweetIds, t.screenName(), t.mentionedName(target));
      }
    }
  }

  private static Set<Long> target(Tweet.TweetRef ref) {
    return ref == null || ref.userId() == 0 ? Set.of() : Set.of(ref.userId());
  }

  /** The users mentioned, each once, but the author a retweet retweets. */
  private static Set<Long> mentioned(StoredTweet t, Set<Long> retweeted) {
    Set<Long> users = new LinkedHashSet<>();
    t.mentions().stream().map(Tweet.Mention::userId).filter(id -> id != 0 && !retweeted.contains(id)).forEach(users::add);
    return users;
  }
}
