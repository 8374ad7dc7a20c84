package org.observatory.api.query.tally;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Meme;
import org.observatory.api.query.MemeKeys;
import org.observatory.schemas.tables.StoredTweet;

/**
 * A behavioural trace that accounts acting independently should rarely share (Pacheco et al., ICWSM
 * 2021), and how a tweet leaves it. A retweet's links and hashtags are its original's, so co-url and
 * co-hashtags read the accounts' own posts only; what they retweet is co-retweet's.
 */
public enum Trace {
  /** The tweet retweeted, by its id. */
  CO_RETWEET("co-retweet", "retweet_of.id") {
    @Override
    List<String> of(StoredTweet tweet, Context context) {
      return tweet.retweetOf() == null || tweet.retweetOf().id() == 0 ? List.of()
          : List.of(Long.toString(tweet.retweetOf().id()));
    }
  },
  /** Each link a post carries, once. */
  CO_URL("co-url", "urls", "retweet_of.user.id") {
    @Override
    List<String> of(StoredTweet tweet, Context context) {
      return isRetweet(tweet) ? List.of() : List.copyOf(new LinkedHashSet<>(tweet.urls()));
    }
  },
  /** A post's hashtags, lowercase, each once in the order they first appear; only posts with two or more. */
  CO_HASHTAGS("co-hashtags", "hashtags", "retweet_of.user.id") {
    @Override
    List<String> of(StoredTweet tweet, Context context) {
      if (isRetweet(tweet)) {
        return List.of();
      }
      Set<String> tags = new LinkedHashSet<>();
      tweet.hashtags().forEach(h -> tags.add("#" + h.toLowerCase(Locale.ROOT)));
      return tags.size() < 2 ? List.of() : List.of(String.join(" ", tags));
    }
  },
  /**
   * Each meme asked that the tweet matches, with the burst interval it was posted in: the interval's
   * start, in seconds since the epoch, then the meme ({@code 1376092800 #tcot}).
   */
  CO_BURST("co-burst") {
    @Override
    public List<String> fields(MemeKeys keys) {
      List<String> fields = new ArrayList<>(super.fields(keys));
      fields.addAll(keys.fields());
      return fields;
    }

    @Override
    List<String> of(StoredTweet tweet, Context context) {
      Set<String> keys = context.keys().memesOf(tweet.asTweet(), List.of());
      long interval = Math.floorDiv(tweet.createdAt(), context.burstMillis()) * context.burstMillis() / 1000;
      List<String> traces = new ArrayList<>();
      for (Meme meme : context.memes()) {
        if (keys.stream().anyMatch(meme::matches)) {
          traces.add(interval + " " + meme.text());
        }
      }
      return traces;
    }
  };

  /** What a trace needs beside the tweet: the memes asked, the meme index's rules, co-burst's interval. */
  public record Context(List<Meme> memes, MemeKeys keys, long burstMillis) {}

  private final String apiName;
  private final List<String> fields;

  Trace(String apiName, String... fields) {
    this.apiName = apiName;
    this.fields = List.of(fields);
  }

  public String apiName() {
    return apiName;
  }

  /** The tweet fields it reads, the poster's id and name among them. */
  public List<String> fields(MemeKeys keys) {
    List<String> all = new ArrayList<>(List.of("user.id", "user.screen_name"));
    all.addAll(fields);
    return all;
  }

  /** The traces one tweet leaves, each once. */
  abstract List<String> of(StoredTweet tweet, Context context);

  private static boolean isRetweet(StoredTweet tweet) {
    return tweet.retweetOf() != null;
  }

  /** @throws BadQueryException for an unknown name, listing the known ones */
  public static Trace named(String apiName) {
    if (apiName == null || apiName.isBlank()) {
      return CO_RETWEET;
    }
    return Arrays.stream(values()).filter(t -> t.apiName.equals(apiName.strip())).findFirst()
        .orElseThrow(() -> new BadQueryException("trace must be one of co-retweet, co-url, co-hashtags or co-burst, "
            + "not '" + apiName + "'"));
  }
}
