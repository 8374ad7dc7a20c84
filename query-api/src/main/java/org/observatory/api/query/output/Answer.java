package org.observatory.api.query.output;

import java.util.List;

/**
 * What a query answers with: counts under a key, rows or edges with columns, or tweets (NDJSON).
 *
 * @param columns the CSV/TSV header; for counts the key's name and {@code count}
 * @param directed for edges, whether an edge goes from its source to its target (a retweet does; two
 *     memes sharing tweets share them both ways)
 * @param weightType for edges, a graph file's type of {@code weight}: {@code long} for counts, {@code double}
 *     for similarities
 */
public record Answer(Shape shape, List<String> columns, boolean directed, String weightType) {
  public enum Shape { COUNTS, ROWS, EDGES, TWEETS }

  /** User → user edges, each end named as the edge's latest tweet named it. */
  public static final Answer EDGES = new Answer(Shape.EDGES,
      List.of("source", "target", "weight", "sourceName", "targetName"), true);
  public static final Answer UNDIRECTED_EDGES = new Answer(Shape.EDGES, List.of("source", "target", "weight"), false);
  public static final Answer TWEETS = new Answer(Shape.TWEETS, List.of(), false);

  public Answer(Shape shape, List<String> columns, boolean directed) {
    this(shape, columns, directed, "long");
  }

  /** Undirected edges weighted by how alike their ends are, from 0 to 1. */
  public static Answer similarities(String... columns) {
    return new Answer(Shape.EDGES, List.of(columns), false, "double");
  }

  public static Answer counts(String key) {
    return new Answer(Shape.COUNTS, List.of(key, "count"), false);
  }

  public static Answer rows(String... columns) {
    return new Answer(Shape.ROWS, List.of(columns), false);
  }

  /** A query's answer as the formats see it: the query's name and the form of its answers. */
  public interface Of {
    String apiName();

    Answer answer();

    /** Whether it answers with tweets, written a line each. */
    default boolean isLookup() {
      return answer().shape() == Shape.TWEETS;
    }

    /** Whether it answers with edges, which graph files can hold. */
    default boolean isEdgeList() {
      return answer().shape() == Shape.EDGES;
    }
  }
}
