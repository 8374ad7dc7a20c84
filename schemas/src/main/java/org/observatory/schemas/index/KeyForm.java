package org.observatory.schemas.index;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How a field's value becomes index row keys. */
public enum KeyForm {
  /** The value exactly as in the tweet. */
  @JsonProperty("as-is") AS_IS,
  /** The value lower-cased (locale-independent). */
  @JsonProperty("lowercase") LOWERCASE,
  /** The words of the value: tokenized, lower-cased, stop-words dropped. */
  @JsonProperty("tokens") TOKENS
}
