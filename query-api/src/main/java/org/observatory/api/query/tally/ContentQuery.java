package org.observatory.api.query.tally;

import java.nio.ByteBuffer;
import java.util.AbstractList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;
import org.observatory.api.query.Meme;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.output.AnswerRow;
import org.observatory.schemas.tables.StoredTweet;

/**
 * The queries that need the matching tweets' content. Each one tallies every fetched tweet under
 * keys, then turns the merged tallies into its answer; where the tallying runs (in the service or in a
 * MapReduce job) cannot change the answer.
 */
public enum ContentQuery {
  /** Per user, the matching tweets they posted, with their latest screen name; most first. */
  USER_POST_COUNT("user.id", "user.screen_name") {
    @Override
    public void tally(StoredTweet tweet, Asked asked, Tallies out) {
      out.add(Long.toString(tweet.userId()), Tally.one(tweet.createdAt(), tweet.screenName()));
    }

    @Override
    public Answer answer(Map<String, Tally> tallies, List<ByteBuffer> kept) {
      IdTallies users = IdTallies.mostFirst(tallies, kept);
      return Answer.rows(users.size(), r -> row("userId", users.first(r), "screenName", users.label(r), "count",
          users.count(r)));
    }
  },

  /** The other memes of the matching tweets, with the number of tweets carrying each; most first. */
  MEME_COOCCURRENCE_COUNT {
    @Override
    public List<String> fields(MemeKeys keys) {
      return keys.fields();
    }

    @Override
    public void tally(StoredTweet tweet, Asked asked, Tallies out) {
      for (String meme : asked.keys().memesOf(tweet.asTweet(), asked.memes())) {
        out.add(meme, Tally.one(tweet.createdAt(), null));
      }
    }

    @Override
    public Answer answer(Map<String, Tally> tallies, List<ByteBuffer> kept) {
      return new Answer(KeyCounts.mostFirst(tallies, kept).asMap(), null);
    }
  },

  /**
   * Every pair of memes that share matching tweets (the memes asked among them), weighted by the tweets
   * holding both: the co-occurrence answer as a meme graph. Each pair once, its memes in key order.
   */
  MEME_NETWORK {
    @Override
    public List<String> fields(MemeKeys keys) {
      return keys.fields();
    }

    @Override
    public void tally(StoredTweet tweet, Asked asked, Tallies out) {
      List<String> memes = asked.keys().memesOf(tweet.asTweet(), List.of()).stream().sorted().toList();
      for (int i = 0; i < memes.size(); i++) {
        for (int j = i + 1; j < memes.size(); j++) {
          out.add(memes.get(i) + PAIR + memes.get(j), Tally.one(tweet.createdAt(), null));
        }
      }
    }

    @Override
    public Answer answer(Map<String, Tally> tallies, List<ByteBuffer> kept) {
      KeyCounts pairs = KeyCounts.mostFirst(tallies, kept);
      return Answer.rows(pairs.size(), r -> {
        String pair = pairs.key(r);
        int between = pair.indexOf(PAIR);
        return row("source", pair.substring(0, between), "target", pair.substring(between + 1), "weight",
            pairs.count(r));
      });
    }
  },

  /**
   * Directed edges retweeter → original author among the matching retweets, weighted by count, with
   * the names the latest of them gave: the retweeter's, and the author's as the retweet mentions them.
   */
  RETWEET_EDGES("user.id", "retweet_of.user.id", "user.screen_name", "mentions.id", "mentions.screen_name") {
    @Override
    public void tally(StoredTweet tweet, Asked asked, Tallies out) {
      if (tweet.retweetOf() != null) {
        long author = tweet.retweetOf().userId();
        out.add(edge(tweet.userId(), author), Tally.one(tweet.createdAt(),
            names(tweet.screenName(), tweet.mentionedName(author))));
      }
    }

    @Override
    public Answer answer(Map<String, Tally> tallies, List<ByteBuffer> kept) {
      return edges(tallies, kept);
    }
  },

  /**
   * Directed edges poster → mentioned user in the matching tweets, weighted by the tweets that mention,
   * with the names the latest of them gave: the poster's and the mention's.
   */
  MENTION_EDGES("user.id", "mentions.id", "user.screen_name", "mentions.screen_name") {
    @Override
    public void tally(StoredTweet tweet, Asked asked, Tallies out) {
      Map<Long, String> mentioned = new LinkedHashMap<>();
      tweet.mentions().forEach(m -> mentioned.putIfAbsent(m.userId(), m.screenName()));
      mentioned.forEach((target, name) -> out.add(edge(tweet.userId(), target),
          Tally.one(tweet.createdAt(), names(tweet.screenName(), name))));
    }

    @Override
    public Answer answer(Map<String, Tally> tallies, List<ByteBuffer> kept) {
      return edges(tallies, kept);
    }
  };

  /**
   * What a query asked, as the tallies need it: the memes (co-occurrence leaves them out) and the
   * meme index's rules (which say what a tweet's memes are).
   */
  public record Asked(List<Meme> memes, MemeKeys keys) {}

  private final List<String> fields;

  ContentQuery(String... fields) {
    this.fields = List.of(fields);
  }

  /** The tweet fields its tallies read: where an index's cells carry them all, phase 2 is not needed. */
  public List<String> fields(MemeKeys keys) {
    return fields;
  }

  /** Adds what one matching tweet contributes. */
  public abstract void tally(StoredTweet tweet, Asked asked, Tallies out);

  /**
   * The answer from every tweet's tallies, merged, and the tallies of the hours kept
   * ({@link KeptTally#encode}'s form) besides.
   */
  public abstract Answer answer(Map<String, Tally> tallies, List<ByteBuffer> kept);

  /** Counts by key, or rows. */
  public record Answer(Map<String, Long> counts, List<Map<String, Object>> rows) {
    static Answer rows(List<Map<String, Object>> rows) {
      return new Answer(null, rows);
    }

    /**
     * Rows made as they are read, from arrays the answer keeps: a million rows of small maps at once
     * took longer to build than to write, and several times the arrays' memory.
     */
    static Answer rows(int size, IntFunction<Map<String, Object>> row) {
      return rows(new AbstractList<>() {
        @Override
        public Map<String, Object> get(int index) {
          return row.apply(Objects.checkIndex(index, size));
        }

        @Override
        public int size() {
          return size;
        }
      });
    }
  }

  /** Between the two memes of a pair's key: a tab, which no meme holds. */
  private static final String PAIR = "\t";

  private static String edge(long source, long target) {
    return source + ">" + target;
  }

  /**
   * An edge's label: its two ends' names, either empty where the tweet gave none. No name holds a tab;
   * a label with neither name is none, so that tweets naming no one keep no label.
   */
  private static String names(String source, String target) {
    return source == null && target == null ? null
        : Objects.requireNonNullElse(source, "") + PAIR + Objects.requireNonNullElse(target, "");
  }

  /** Heaviest first, then by source and target; each with the names its latest tweet gave. */
  private static Answer edges(Map<String, Tally> tallies, List<ByteBuffer> kept) {
    IdTallies edges = IdTallies.mostFirst(tallies, kept);
    return Answer.rows(edges.size(), r -> {
      String label = edges.label(r);
      int between = label == null ? -1 : label.indexOf(PAIR);
      return row("source", edges.first(r), "target", edges.second(r), "weight", edges.count(r),
          "sourceName", between <= 0 ? null : label.substring(0, between),
          "targetName", between < 0 || between == label.length() - 1 ? null : label.substring(between + 1));
    });
  }

  private static Map<String, Object> row(Object... keysAndValues) {
    return new AnswerRow(keysAndValues);
  }
}
