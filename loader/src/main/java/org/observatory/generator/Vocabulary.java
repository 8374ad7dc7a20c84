package org.observatory.generator;

import java.util.SplittableRandom;

/**
 * Deterministic made-up words: pronounceable Latin-script words for text, hashtags and screen names,
 * mixed with real words of other scripts and emoji, so that entity indices (code points) and the
 * tokenizer meet what real tweets hold.
 */
final class Vocabulary {
  private static final String[] ONSETS = {"b", "c", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "st", "tr", "ch"};
  private static final String[] VOWELS = {"a", "e", "i", "o", "u", "ai", "ou"};
  private static final String[] OTHER_SCRIPTS = {
      "東京", "ありがとう", "サッカー", "ภาษาไทย", "ฟุตบอล", "مرحبا", "كرة", "футбол", "привет", "ποδόσφαιρο",
      "fútbol", "über", "ça", "niño"};
  private static final String[] EMOJI = {"😀", "🔥", "⚽", "🎉", "❤️", "👍", "😂", "🇪🇸"};

  private final String[] words;

  Vocabulary(int size, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    words = new String[size];
    for (int i = 0; i < size; i++) {
      words[i] = word(random, 1 + random.nextInt(3));
    }
  }

  /** The word of a rank (rank 0 is the most common when ranks are drawn by Zipf). */
  String word(int rank) {
    return words[rank];
  }

  int size() {
    return words.length;
  }

  static String word(SplittableRandom random, int syllables) {
    StringBuilder w = new StringBuilder();
    for (int s = 0; s < syllables; s++) {
      w.append(ONSETS[random.nextInt(ONSETS.length)]).append(VOWELS[random.nextInt(VOWELS.length)]);
    }
    return w.toString();
  }

  static String otherScript(SplittableRandom random) {
    return OTHER_SCRIPTS[random.nextInt(OTHER_SCRIPTS.length)];
  }

  static String emoji(SplittableRandom random) {
    return EMOJI[random.nextInt(EMOJI.length)];
  }
}
