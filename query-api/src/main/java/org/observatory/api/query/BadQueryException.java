package org.observatory.api.query;

/** A query parameter that cannot be answered as given; the message says what is wrong (HTTP 400). */
public class BadQueryException extends RuntimeException {
  public BadQueryException(String message) {
    super(message);
  }
}
