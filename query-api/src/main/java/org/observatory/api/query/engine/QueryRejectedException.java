package org.observatory.api.query.engine;

import java.io.IOException;

/** The service is answering as many queries as it may at once (HTTP 503: try again shortly). */
public class QueryRejectedException extends IOException {
  public QueryRejectedException(String message) {
    super(message);
  }
}
