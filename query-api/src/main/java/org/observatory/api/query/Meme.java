package org.observatory.api.query;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A meme as a query names it — {@code #hashtag}, {@code @screen_name}, {@code @id:12345} (a mentioned
 * user id) or a URL — and the meme-index row it is found under. A trailing {@code *} makes a prefix
 * pattern ({@code #euro*}): every row starting with {@code indexKey}.
 */
public record Meme(String text, String indexKey, boolean isPrefix) {
  private static final Pattern SCREEN_NAME = Pattern.compile("@[A-Za-z0-9_]{1,50}");
  private static final Pattern USER_ID = Pattern.compile("@id:[0-9]{1,20}");
  /** Far above any real hashtag or URL, far below HBase's row-key limit (32 KB). */
  private static final int MAX_LENGTH = 2048;
  /** Characters a pattern needs before its '*' (after '#' or '@', or after a URL's "://"). */
  private static final int MIN_PATTERN = 2;

  /** Parses a comma-separated list; duplicates (after case folding) are asked once. */
  /** The index rows to scan for this meme. */
  public IndexScanner.Key key() {
    return new IndexScanner.Key(indexKey, isPrefix);
  }

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
    int star = meme.indexOf('*');
    if (star >= 0 && star != meme.length() - 1) {
      throw new BadQueryException("a '*' may stand only at the end of a meme: '" + meme + "'");
    }
    if (star < 0) {
      return exact(meme);
    }
    String stem = meme.substring(0, star);
    int scheme = stem.indexOf("://");
    int significant = scheme >= 0 ? stem.length() - scheme - 3 : stem.length() - 1;
    if (significant < MIN_PATTERN) {
      throw new BadQueryException("a pattern needs at least " + MIN_PATTERN + " characters before its '*' "
          + "(after the '#', '@' or '://'): '" + meme + "'");
    }
    Meme base = exact(stem);
    return new Meme(base.text() + "*", base.indexKey(), true);
  }

  private static Meme exact(String meme) {
    if (meme.startsWith("#")) {
      if (meme.length() < 2 || meme.chars().anyMatch(Character::isWhitespace) || meme.indexOf('#', 1) > 0) {
        throw new BadQueryException("not a hashtag: '" + meme + "'");
      }
      String tag = meme.toLowerCase(Locale.ROOT);
      return new Meme(tag, tag, false);
    }
    if (meme.startsWith("@")) {
      if (USER_ID.matcher(meme).matches()) {
        return new Meme(meme, meme, false);
      }
      if (!SCREEN_NAME.matcher(meme).matches()) {
        throw new BadQueryException("not a mention (@screen_name or @id:NUMBER): '" + meme + "'");
      }
      String mention = meme.toLowerCase(Locale.ROOT);
      return new Meme(mention, mention, false);
    }
    if (meme.startsWith("http://") || meme.startsWith("https://")) {
      if (meme.chars().anyMatch(Character::isWhitespace)) {
        throw new BadQueryException("not a URL: '" + meme + "'");
      }
      return new Meme(meme, meme, false);
    }
    throw new BadQueryException("not a meme: '" + meme + "' (expected #hashtag, @mention or http(s) URL)");
  }
}
