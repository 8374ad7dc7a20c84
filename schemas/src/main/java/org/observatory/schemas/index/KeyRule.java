package org.observatory.schemas.index;

/**
 * One source of an index's row keys: a tweet field, its form, and a prefix that keeps different
 * sources apart in one table (such as {@code #} for hashtags and {@code @} for mentions).
 */
public record KeyRule(String field, KeyForm form, String prefix) {
  public KeyRule {
    form = form == null ? KeyForm.AS_IS : form;
    prefix = prefix == null ? "" : prefix;
  }
}
