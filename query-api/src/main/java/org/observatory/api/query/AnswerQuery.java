package org.observatory.api.query;

import java.io.IOException;

/** A query answered with counts or rows, in one {@link QueryResult}. */
public non-sealed interface AnswerQuery extends Query {
  /** @param progress told how far a phase-2 MapReduce job has got, when one runs */
  QueryResult answer(QueryEngine engine, Progress progress) throws IOException;
}
