package org.observatory.api.query;

import java.io.IOException;

/** A query answered with the matching tweets, a line each: phase 1 finds them, the engine fetches them. */
public non-sealed interface LookupQuery extends Query {
  /** What each line holds beyond the tweet's id and time. */
  TweetLines fields();

  /** Phase 1: the matching tweets in time order. */
  Found find(QueryEngine engine) throws IOException;
}
