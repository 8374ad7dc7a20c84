package org.observatory.schemas.index;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Locale;

/**
 * One source of an index's row keys: a tweet field, its form, and a prefix that keeps different
 * sources apart in one table (such as {@code #} for hashtags and {@code @} for mentions). The one
 * place a value becomes a key: the indexer writes, and queries look up, what {@link #keys} says.
 *
 * @param carries fields the cells of this rule's keys alone hold, after the index's own (such as the
 *     poster's screen name beside their id): what they hold, not which rows there are
 */
public record KeyRule(String field, KeyForm form, String prefix,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> carries) {
  public KeyRule {
    form = form == null ? KeyForm.AS_IS : form;
    prefix = prefix == null ? "" : prefix;
    carries = carries == null ? List.of() : List.copyOf(carries);
  }

  /** A rule whose cells hold what the index's do. */
  public KeyRule(String field, KeyForm form, String prefix) {
    this(field, form, prefix, List.of());
  }

  /** The row keys one value of the field makes: the prefix, then the value in this rule's form. */
  public List<String> keys(String value) {
    return switch (form) {
      case AS_IS -> List.of(prefix + value);
      case LOWERCASE -> List.of(prefix + value.toLowerCase(Locale.ROOT));
      case TOKENS -> TextTokenizer.words(value).stream().map(word -> prefix + word).toList();
    };
  }

  /** Whether two rules make the same row keys, whatever their cells hold. */
  public boolean keysAlike(KeyRule other) {
    return field.equals(other.field) && form == other.form && prefix.equals(other.prefix);
  }

  /** Whether the rule keys an id (a user's, a tweet's): such keys name again what another field names. */
  public boolean keysIds() {
    return TweetFields.holdsIds(field);
  }
}
