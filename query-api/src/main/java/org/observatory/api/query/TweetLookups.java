package org.observatory.api.query;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.observatory.indexer.TextTokenizer;
import org.observatory.schemas.tables.Month;

/**
 * Phase 1 of the tweet lookups, each on the index of the default specification that answers it:
 * tweets with memes (meme), with all of some words (text), by a user (user-tweets, through
 * screen-name for a name), and retweets of a tweet (retweet).
 */
public final class TweetLookups {
  static final String TEXT_INDEX = "text";
  static final String USER_TWEETS_INDEX = "user-tweets";
  static final String SCREEN_NAME_INDEX = "screen-name";
  static final String RETWEET_INDEX = "retweet";

  private final IndexScanner scanner;
  private final QuerySettings settings;

  public TweetLookups(IndexScanner scanner, QuerySettings settings) {
    this.scanner = scanner;
    this.settings = settings;
  }

  /**
   * Matching tweets in time order (then id): {@code ids[i]} was created at {@code times[i]}; the months
   * scanned, and those left out because their index cannot answer.
   */
  public record Found(long[] ids, long[] times, List<Month> months, List<QueryResult.Skipped> skipped) {
    public int size() {
      return ids.length;
    }
  }

  public Found withMemes(String memes, TimeWindow window) throws IOException {
    List<Meme> asked = Meme.parseList(memes, settings.maxMemes());
    IndexScanner.IndexHits hits = scanner.scan(MemeQueries.MEME_INDEX, asked.stream().map(Meme::key).toList(), window);
    return sorted(hits.union(), hits);
  }

  /** Tweets containing every one of the words, as the text index tokenizes them. */
  public Found withText(String words, TimeWindow window) throws IOException {
    List<String> tokens = words(words, settings.maxMemes());
    IndexScanner.IndexHits hits = scanner.scan(TEXT_INDEX, exact(tokens), window);
    Map<Long, Long> all = hits.union();
    for (TweetHits word : hits.perKey()) {
      Set<Long> ids = new HashSet<>();
      for (int i = 0; i < word.size(); i++) {
        ids.add(word.id(i));
      }
      all.keySet().retainAll(ids);
    }
    return sorted(all, hits);
  }

  /** The words of {@code words} as the text index keys them; at least one, at most {@code max}. */
  static List<String> words(String words, int max) {
    if (words == null || words.isBlank()) {
      throw new BadQueryException("missing parameter 'words'");
    }
    List<String> tokens = TextTokenizer.words(words);
    if (tokens.isEmpty()) {
      throw new BadQueryException("'words' holds no searchable word (stop-words are not indexed): '" + words + "'");
    }
    if (tokens.size() > max) {
      throw new BadQueryException("too many words: " + tokens.size() + " (at most " + max + ")");
    }
    return tokens;
  }

  /** Tweets posted by a user id, or by whichever accounts used a screen name within the window. */
  public Found withUser(String user, TimeWindow window) throws IOException {
    String u = user(user);
    List<String> userIds;
    List<QueryResult.Skipped> skipped = new ArrayList<>();
    if (isUserId(u)) {
      userIds = List.of(u);
    } else {
      String name = (u.startsWith("@") ? u.substring(1) : u).toLowerCase(Locale.ROOT);
      IndexScanner.IndexHits accounts = scanner.scanAccounts(SCREEN_NAME_INDEX, exact(List.of(name)), window);
      userIds = accounts.union().keySet().stream().map(String::valueOf).toList();
      skipped.addAll(accounts.skipped());
      if (userIds.isEmpty()) {
        return new Found(new long[0], new long[0], accounts.months(), skipped);
      }
    }
    IndexScanner.IndexHits hits = scanner.scan(USER_TWEETS_INDEX, exact(userIds), window);
    skipped.addAll(hits.skipped());
    Found found = sorted(hits.union(), hits);
    return new Found(found.ids(), found.times(), found.months(), skipped);
  }

  /** A user id or a screen name (with or without '@'), stripped. */
  static String user(String user) {
    if (user == null || user.isBlank()) {
      throw new BadQueryException("missing parameter 'user' (a user id, or a screen name)");
    }
    String u = user.strip();
    String name = (u.startsWith("@") ? u.substring(1) : u).toLowerCase(Locale.ROOT);
    if (!isUserId(u) && !name.matches("[a-z0-9_]{1,50}")) {
      throw new BadQueryException("'user' is neither a user id nor a screen name: '" + user + "'");
    }
    return u;
  }

  private static boolean isUserId(String u) {
    return u.chars().allMatch(Character::isDigit) && u.length() <= 19;
  }

  public Found retweetsOf(String tweetId, TimeWindow window) throws IOException {
    IndexScanner.IndexHits hits = scanner.scan(RETWEET_INDEX, exact(List.of(tweetId(tweetId))), window);
    return sorted(hits.union(), hits);
  }

  /** A tweet id, stripped. */
  static String tweetId(String tweetId) {
    if (tweetId == null || !tweetId.strip().matches("[0-9]{1,19}")) {
      throw new BadQueryException("parameter 'id' must be a tweet id, not '" + tweetId + "'");
    }
    return tweetId.strip();
  }

  private static List<IndexScanner.Key> exact(List<String> keys) {
    return keys.stream().map(k -> new IndexScanner.Key(k, false)).toList();
  }

  private static Found sorted(Map<Long, Long> tweets, IndexScanner.IndexHits hits) {
    long[][] pairs = new long[tweets.size()][];
    int i = 0;
    for (Map.Entry<Long, Long> e : tweets.entrySet()) {
      pairs[i++] = new long[] {e.getValue(), e.getKey()};
    }
    Arrays.sort(pairs, Comparator.<long[]>comparingLong(p -> p[0]).thenComparingLong(p -> p[1]));
    long[] ids = new long[pairs.length];
    long[] times = new long[pairs.length];
    for (int j = 0; j < pairs.length; j++) {
      times[j] = pairs[j][0];
      ids[j] = pairs[j][1];
    }
    return new Found(ids, times, hits.months(), hits.skipped());
  }
}
