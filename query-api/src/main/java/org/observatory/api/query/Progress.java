package org.observatory.api.query;

/** Hears how far a long query has got: 0 to 1. */
@FunctionalInterface
public interface Progress {
  Progress IGNORED = fraction -> {};

  void report(double fraction);
}
