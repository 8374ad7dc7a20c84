package org.observatory.api.query;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A meme as a query names it — {@code #hashtag}, {@code @screen_name}, {@code @id:12345} (a mentioned
 * user id) or a URL — and the meme-index row it is found under.
 */
public record Meme(String text, String indexKey) {
  private static final Pattern SCREEN_NAME = Pattern.compile("@[A-Za-z0-9_]{1,50}");
  private static final Pattern USER_ID = Pattern.compile("@id:[0-9]{1,20}");
  /** Far above any real hashtag or URL, far below HBase's row-key limit (32 KB). */
  private static final int MAX_LENGTH = 2048;

  /** Parses a comma-separated list; duplicates (after case folding) are asked once. */
  public static List<Meme> parseList(String memes, int max) {
    if (memes == null || memes.isBlank()) {
      throw new BadQueryException("missing parameter 'memes' (comma-separated #hashtags, @mentions or URLs)");
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

  public static Meme parse(String meme) {
    if (meme.length() > MAX_LENGTH) {
      throw new BadQueryException("a meme is longer than " + MAX_LENGTH + " characters: '"
          + meme.substring(0, 40) + "...'");
    }
    if (meme.startsWith("#")) {
      if (meme.length() < 2 || meme.chars().anyMatch(Character::isWhitespace) || meme.indexOf('#', 1) > 0) {
        throw new BadQueryException("not a hashtag: '" + meme + "'");
      }
      String tag = meme.toLowerCase(Locale.ROOT);
      return new Meme(tag, tag);
    }
    if (meme.startsWith("@")) {
      if (USER_ID.matcher(meme).matches()) {
        return new Meme(meme, meme);
      }
      if (!SCREEN_NAME.matcher(meme).matches()) {
        throw new BadQueryException("not a mention (@screen_name or @id:NUMBER): '" + meme + "'");
      }
      String mention = meme.toLowerCase(Locale.ROOT);
      return new Meme(mention, mention);
    }
    if (meme.startsWith("http://") || meme.startsWith("https://")) {
      if (meme.chars().anyMatch(Character::isWhitespace)) {
        throw new BadQueryException("not a URL: '" + meme + "'");
      }
      return new Meme(meme, meme);
    }
    throw new BadQueryException("not a meme: '" + meme + "' (expected #hashtag, @mention or http(s) URL)");
  }
}
