package org.observatory.api.query.catalogue;

import org.observatory.api.query.TimeWindow;

/**
 * A query as the engine runs it: its kind and every parameter parsed and checked once, when it was
 * asked. Either it is answered with counts or rows, or it finds tweets that are written a line each.
 */
public sealed interface Query permits AnswerQuery, LookupQuery {
  QueryKind kind();

  TimeWindow window();

  /** Whether answering it reads tweets (phase 2) rather than index cells alone; such queries cost more. */
  default boolean readsTweets() {
    return true;
  }
}
