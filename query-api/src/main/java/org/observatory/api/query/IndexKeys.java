package org.observatory.api.query;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;

/** The row keys a value makes in an index, by the key rules of the specification in force. */
final class IndexKeys {
  private final IndexSpec spec;

  IndexKeys(IndexSpec spec) {
    this.spec = spec;
  }

  /** @throws BadQueryException when the specification has no such index */
  List<String> of(String index, String value) {
    IndexDefinition definition = spec.index(index).orElseThrow(
        () -> new BadQueryException("the index specification in force has no '" + index + "' index"));
    Set<String> keys = new LinkedHashSet<>();
    definition.keys().forEach(rule -> keys.addAll(rule.keys(value)));
    return List.copyOf(keys);
  }

  /** The same for several values, each key once. */
  List<String> of(String index, List<String> values) {
    Set<String> keys = new LinkedHashSet<>();
    values.forEach(v -> keys.addAll(of(index, v)));
    return List.copyOf(keys);
  }
}
