package org.observatory.schemas.index;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One index table: either declarative ({@code keys}, {@code qualifier}, {@code value}) or a plug-in
 * class that computes its entries. The cell timestamp is always the tweet's creation time.
 *
 * @param qualifier the id field that names each cell (default {@code id}, the tweet's id)
 * @param value the id field stored as each cell's value, or null for an empty value
 * @param plugin the class name of a plug-in indexer, instead of {@code keys}
 */
public record IndexDefinition(
    String name,
    List<KeyRule> keys,
    String qualifier,
    String value,
    @JsonProperty("class") String plugin) {

  public IndexDefinition {
    keys = keys == null ? List.of() : List.copyOf(keys);
    qualifier = qualifier == null ? "id" : qualifier;
  }

  public boolean isPlugin() {
    return plugin != null;
  }
}
