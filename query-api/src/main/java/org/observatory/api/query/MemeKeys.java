package org.observatory.api.query;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.index.KeyRule;
import org.observatory.schemas.index.TweetFields;
import org.observatory.schemas.tweet.Tweet;

/**
 * The meme index's key rules, read on the query side: a meme the analyst names is classified by the
 * rules' prefixes (the longest that fits and whose field's syntax the rest matches) and keyed by that
 * rule, as the indexer keyed the tweets; a fetched tweet's memes are the keys the rules give it.
 */
public final class MemeKeys {
  /** The index that holds the memes. */
  public static final String INDEX = "meme";
  /** A Twitter screen name, or a Bluesky handle: a domain name ({@code alice.bsky.social}). */
  public static final String SCREEN_NAME =
      "[A-Za-z0-9_]{1,50}|([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
  /** What a mention by DID begins with: {@code @did:plc:…}, found as the account's {@code @id:}. */
  private static final String DID_MENTION = "@did:";
  /** Far above any real hashtag or URL, far below HBase's row-key limit (32 KB). */
  private static final int MAX_LENGTH = 2048;
  /** Characters a pattern needs before its '*' (after the prefix, or after a URL's "://"). */
  private static final int MIN_PATTERN = 2;

  /** What a value of a field looks like in a query, and what the analyst calls it. */
  private record Syntax(Pattern value, String noun, String example) {}

  private static final Syntax ANY = new Syntax(Pattern.compile("\\S+"), "meme", "VALUE");
  private static final Map<String, Syntax> SYNTAX = Map.of(
      "hashtags", new Syntax(Pattern.compile("[^\\s#]+"), "hashtag", "hashtag"),
      "mentions.screen_name", new Syntax(Pattern.compile(SCREEN_NAME), "mention", "mention"),
      "mentions.id", new Syntax(Pattern.compile("[0-9]{1,20}"), "mention", "USERID"),
      "urls", new Syntax(Pattern.compile("https?://\\S+"), "URL", "http(s) URL"));

  /** Longest prefix first, so that {@code @id:} is tried before {@code @}. */
  private final List<KeyRule> rules;
  private final List<KeyRule> inSpecOrder;
  /**
   * The rules grouped by what their fields describe ({@code mentions} for {@code mentions.screen_name}
   * and {@code mentions.id}), in the order of the specification: the fields of one group list one value
   * per entity, in the same order, so the keys of one mention can be told apart from another's.
   */
  private final Map<String, List<KeyRule>> byEntity = new LinkedHashMap<>();

  private final AccountIds accounts;

  private MemeKeys(List<KeyRule> rules, AccountIds accounts) {
    this.accounts = accounts;
    this.inSpecOrder = rules;
    this.rules = rules.stream().sorted(Comparator.comparingInt((KeyRule r) -> -r.prefix().length())).toList();
    rules.forEach(r -> byEntity.computeIfAbsent(entity(r.field()), e -> new ArrayList<>()).add(r));
  }

  /** The fields the rules key, in the specification's order. */
  public List<String> fields() {
    return inSpecOrder.stream().map(KeyRule::field).distinct().toList();
  }

  /** The rules of the specification's meme index (none when it defines no meme index). */
  public static MemeKeys of(IndexSpec spec) {
    return of(spec, AccountIds.NONE);
  }

  /** @param accounts how a {@code @did:…} meme finds the account's user id */
  public static MemeKeys of(IndexSpec spec, AccountIds accounts) {
    return new MemeKeys(spec.index(INDEX).map(IndexDefinition::keys).orElse(List.of()), accounts);
  }

  /** The user id of a DID, where the platform's accounts have them. */
  public java.util.OptionalLong accountId(String did) {
    return accounts.of(did);
  }

  /** Parses a comma-separated list; duplicates (after case folding) are asked once. */
  public List<Meme> parseList(String memes, int max) {
    if (memes == null || memes.isBlank()) {
      throw new BadQueryException("missing parameter 'memes' (comma-separated " + examples() + ")");
    }
    Set<Meme> parsed = new LinkedHashSet<>();
    for (String part : memes.split(",")) {
      if (!part.isBlank()) {
        parsed.add(parse(part.strip()));
      }
    }
    if (parsed.isEmpty()) {
      throw new BadQueryException("'memes' names no meme");
    }
    if (parsed.size() > max) {
      throw new BadQueryException("too many memes: " + parsed.size() + " (at most " + max + ")");
    }
    return new ArrayList<>(parsed);
  }

  public Meme parse(String meme) {
    if (meme.length() > MAX_LENGTH) {
      throw new BadQueryException("a meme is longer than " + MAX_LENGTH + " characters: '"
          + meme.substring(0, 40) + "...'");
    }
    int star = meme.indexOf('*');
    if (star >= 0 && star != meme.length() - 1) {
      throw new BadQueryException("a '*' may stand only at the end of a meme: '" + meme + "'");
    }
    if (star < 0 && meme.startsWith(DID_MENTION)) { // an account never named mentions nothing: user id 0
      return new Meme(meme, key("@id:" + accounts.of(meme.substring(1)).orElse(0)), false);
    }
    if (star < 0) {
      return new Meme(key(meme), key(meme), false);
    }
    String stem = meme.substring(0, star);
    int scheme = stem.indexOf("://");
    int significant = scheme >= 0 ? stem.length() - scheme - 3
        : stem.length() - candidates(stem).stream().mapToInt(r -> r.prefix().length()).max().orElse(0);
    if (significant < MIN_PATTERN) {
      throw new BadQueryException("a pattern needs at least " + MIN_PATTERN + " characters before its '*' "
          + "(after the prefix or the '://'): '" + meme + "'");
    }
    String key = key(stem);
    return new Meme(key + "*", key, true);
  }

  /**
   * The tweet's memes as the meme index keys them, less those of the entities any asked meme names (an
   * asked {@code @id:12} leaves out that mention's {@code @screen_name} too), and less the keys of ids,
   * which name its mentions again.
   */
  public Set<String> memesOf(Tweet tweet, List<Meme> asked) {
    Set<String> memes = new LinkedHashSet<>();
    for (List<KeyRule> group : byEntity.values()) {
      List<List<String>> values = group.stream().map(r -> TweetFields.values(r.field(), tweet)).toList();
      int entities = values.stream().mapToInt(List::size).max().orElse(0);
      for (int i = 0; i < entities; i++) {
        Map<String, Boolean> keys = new LinkedHashMap<>(); // key → reported
        for (int r = 0; r < group.size(); r++) {
          if (i < values.get(r).size()) {
            boolean reported = !group.get(r).keysIds();
            group.get(r).keys(values.get(r).get(i)).forEach(k -> keys.merge(k, reported, Boolean::logicalOr));
          }
        }
        if (keys.keySet().stream().noneMatch(k -> asked.stream().anyMatch(a -> a.matches(k)))) {
          keys.forEach((key, reported) -> {
            if (reported) {
              memes.add(key);
            }
          });
        }
      }
    }
    return memes;
  }

  /** What a field describes: {@code mentions} for {@code mentions.id}, {@code hashtags} for itself. */
  private static String entity(String field) {
    int dot = field.lastIndexOf('.');
    return dot < 0 ? field : field.substring(0, dot);
  }

  /** The row key of a meme: by the first rule whose prefix it starts with and whose syntax the rest fits. */
  private String key(String meme) {
    List<KeyRule> candidates = candidates(meme);
    for (KeyRule rule : candidates) {
      String value = meme.substring(rule.prefix().length());
      if (syntax(rule).value().matcher(value).matches()) {
        List<String> keys = rule.keys(value);
        if (keys.size() == 1) {
          return keys.get(0);
        }
      }
    }
    Optional<KeyRule> named = candidates.stream().filter(r -> !r.prefix().isEmpty()).findFirst();
    if (named.isPresent()) {
      throw new BadQueryException("not a " + syntax(named.get()).noun() + ": '" + meme + "'");
    }
    throw new BadQueryException("not a meme: '" + meme + "' (expected " + examples() + ")");
  }

  private List<KeyRule> candidates(String meme) {
    return rules.stream().filter(r -> meme.startsWith(r.prefix())).toList();
  }

  /** {@code #hashtag, @mention, @id:USERID or http(s) URL}, from the rules in force. */
  private String examples() {
    List<String> examples = inSpecOrder.stream().map(r -> r.prefix() + syntax(r).example()).distinct().toList();
    if (examples.size() < 2) {
      return examples.isEmpty() ? "memes (the specification has no meme index)" : examples.get(0);
    }
    return String.join(", ", examples.subList(0, examples.size() - 1)) + " or " + examples.get(examples.size() - 1);
  }

  private static Syntax syntax(KeyRule rule) {
    return SYNTAX.getOrDefault(rule.field(), ANY);
  }
}
