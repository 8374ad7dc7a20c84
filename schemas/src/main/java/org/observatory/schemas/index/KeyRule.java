package org.observatory.schemas.index;

import java.util.List;
import java.util.Locale;

/**
 * One source of an index's row keys: a tweet field, its form, and a prefix that keeps different
 * sources apart in one table (such as {@code #} for hashtags and {@code @} for mentions). The one
 * place a value becomes a key: the indexer writes, and queries look up, what {@link #keys} says.
 */
public record KeyRule(String field, KeyForm form, String prefix) {
  public KeyRule {
    form = form == null ? KeyForm.AS_IS : form;
    prefix = prefix == null ? "" : prefix;
  }

  /** The row keys one value of the field makes: the prefix, then the value in this rule's form. */
  public List<String> keys(String value) {
    return switch (form) {
      case AS_IS -> List.of(prefix + value);
      case LOWERCASE -> List.of(prefix + value.toLowerCase(Locale.ROOT));
      case TOKENS -> TextTokenizer.words(value).stream().map(word -> prefix + word).toList();
    };
  }

  /** Whether the rule keys an id (a user's, a tweet's): such keys name again what another field names. */
  public boolean keysIds() {
    return TweetFields.holdsIds(field);
  }
}
