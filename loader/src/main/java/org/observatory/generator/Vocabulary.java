package org.observatory.generator;

import java.util.SplittableRandom;

/** Deterministic made-up words of one script, by rank (rank 0 is the most common when drawn by Zipf). */
final class Vocabulary {
  private final String[] words;

  /** Pronounceable Latin-script words: hashtags and the like. */
  Vocabulary(int size, long seed) {
    this(size, seed, Script.LATIN, "");
  }

  Vocabulary(int size, long seed, Script script, String accents) {
    SplittableRandom random = new SplittableRandom(seed);
    words = new String[size];
    for (int i = 0; i < size; i++) {
      words[i] = script.word(random, accents);
    }
  }

  String word(int rank) {
    return words[rank];
  }

  int size() {
    return words.length;
  }
}
