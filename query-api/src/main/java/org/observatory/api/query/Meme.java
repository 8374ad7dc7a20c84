package org.observatory.api.query;

/**
 * A meme as a query names it — {@code #hashtag}, {@code @screen_name}, {@code @id:12345} (a mentioned
 * user id) or a URL, in the shipped specification — and the meme-index row it is found under
 * ({@link MemeKeys} makes one from the other). A trailing {@code *} makes a prefix pattern
 * ({@code #euro*}): every row starting with {@code indexKey}.
 */
public record Meme(String text, String indexKey, boolean isPrefix) {
  /** The index rows to scan for this meme. */
  public IndexKey key() {
    return new IndexKey(indexKey, isPrefix);
  }

  /** Whether an index key is this meme's row, or one of its pattern's. */
  public boolean matches(String key) {
    return isPrefix ? key.startsWith(indexKey) : key.equals(indexKey);
  }
}
