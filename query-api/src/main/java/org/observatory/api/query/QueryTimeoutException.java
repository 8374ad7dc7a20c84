package org.observatory.api.query;

import java.io.IOException;

/** A query ran past its time limit (HTTP 503: try a smaller window or fewer memes). */
public class QueryTimeoutException extends IOException {
  public QueryTimeoutException(String message) {
    super(message);
  }
}
