package org.observatory.schemas.tweet;

/** A line that is not a status, a delete notice, or another stream message. */
public class MalformedTweetException extends Exception {
  public MalformedTweetException(String message) {
    super(message);
  }

  public MalformedTweetException(String message, Throwable cause) {
    super(message, cause);
  }
}
