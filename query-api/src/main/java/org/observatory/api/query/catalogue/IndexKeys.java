package org.observatory.api.query.catalogue;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.observatory.api.query.BadQueryException;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.index.KeyRule;

/** The row keys a value makes in an index, by the key rules of the specification in force. */
public final class IndexKeys {
  private final IndexSpec spec;

  public IndexKeys(IndexSpec spec) {
    this.spec = spec;
  }

  /** @throws BadQueryException when the specification has no such index */
  List<String> of(String index, String value) {
    Set<String> keys = new LinkedHashSet<>();
    definition(index).keys().forEach(rule -> keys.addAll(rule.keys(value)));
    return List.copyOf(keys);
  }

  /** @throws BadQueryException when the specification has no such index, or no rule in it for the field */
  KeyRule rule(String index, String field) {
    return definition(index).rule(field).orElseThrow(() -> new BadQueryException("the index specification in "
        + "force has no rule for '" + field + "' in its '" + index + "' index"));
  }

  private IndexDefinition definition(String index) {
    return spec.index(index).orElseThrow(
        () -> new BadQueryException("the index specification in force has no '" + index + "' index"));
  }

  /** The same for several values, each key once. */
  List<String> of(String index, List<String> values) {
    Set<String> keys = new LinkedHashSet<>();
    values.forEach(v -> keys.addAll(of(index, v)));
    return List.copyOf(keys);
  }
}
