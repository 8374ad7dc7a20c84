package org.observatory.api.query.output;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * One row of an answer, its columns in order: an immutable map over one array. A million rows are made
 * as they are written; a {@code LinkedHashMap} a row cost user-post-count and mention-edges about 10 %
 * more at 16 days (docs/operations.md).
 */
public final class AnswerRow extends AbstractMap<String, Object> {
  private final Object[] keysAndValues;

  /** @param keysAndValues a column's name, then its value (null allowed), and so on */
  public AnswerRow(Object... keysAndValues) {
    this.keysAndValues = keysAndValues;
  }

  @Override
  public Set<Map.Entry<String, Object>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<String, Object>> iterator() {
        return new Iterator<>() {
          private int at;

          @Override
          public boolean hasNext() {
            return at < keysAndValues.length;
          }

          @Override
          public Map.Entry<String, Object> next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            at += 2;
            return new SimpleImmutableEntry<>((String) keysAndValues[at - 2], keysAndValues[at - 1]);
          }
        };
      }

      @Override
      public int size() {
        return keysAndValues.length / 2;
      }
    };
  }
}
