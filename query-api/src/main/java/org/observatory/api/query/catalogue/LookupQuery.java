package org.observatory.api.query.catalogue;

import java.io.IOException;
import org.observatory.api.query.index.Found;
import org.observatory.api.query.output.TweetLines;

/** A query answered with the matching tweets, a line each: phase 1 finds them, the engine fetches them. */
public non-sealed interface LookupQuery extends Query {
  /** What each line holds beyond the tweet's id and time. */
  TweetLines fields();

  /** Phase 1: the matching tweets in time order. */
  Found find(Phases phases) throws IOException;
}
