package org.observatory.generator;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The languages of the sample stream in about the shares the real days show (2013-08-10 and 2016-01-06:
 * English and Japanese a quarter to a third each, then Spanish, Indonesian, Arabic...), each with a
 * vocabulary of its own script whose words are drawn by Zipf rank.
 */
final class Languages {
  /** @param accents the letters beyond a-z a Latin-script language mixes in */
  record Language(String code, double share, Script script, String accents) {}

  static final List<Language> ALL = List.of(
      new Language("en", 0.30, Script.LATIN, ""),
      new Language("ja", 0.27, Script.JAPANESE, ""),
      new Language("es", 0.07, Script.LATIN, "áéíóúñ"),
      new Language("in", 0.06, Script.LATIN, ""),
      new Language("ar", 0.05, Script.ARABIC, ""),
      new Language("und", 0.04, Script.EMOJI, ""),
      new Language("ko", 0.03, Script.HANGUL, ""),
      new Language("fr", 0.02, Script.LATIN, "éèàçê"),
      new Language("pt", 0.02, Script.LATIN, "ãçéõá"),
      new Language("tl", 0.02, Script.LATIN, ""),
      new Language("tr", 0.02, Script.LATIN, "çğışöü"),
      new Language("ru", 0.02, Script.CYRILLIC, ""),
      new Language("th", 0.02, Script.THAI, ""),
      new Language("hi", 0.01, Script.DEVANAGARI, ""),
      new Language("nl", 0.01, Script.LATIN, "ë"),
      new Language("de", 0.01, Script.LATIN, "äöüß"),
      new Language("it", 0.01, Script.LATIN, "àèìò"));
  private static final int WORDS = 20_000;

  private final double[] cdf = new double[ALL.size()];
  private final Zipf wordRanks = new Zipf(WORDS, 1.0);
  private final Map<Language, Vocabulary> vocabularies = new HashMap<>();
  private final long seed;

  Languages(long seed) {
    this.seed = seed;
    double total = ALL.stream().mapToDouble(Language::share).sum();
    double sum = 0;
    for (int i = 0; i < cdf.length; i++) {
      sum += ALL.get(i).share() / total;
      cdf[i] = sum;
    }
  }

  Language draw(SplittableRandom random) {
    double r = random.nextDouble();
    for (int i = 0; i < cdf.length - 1; i++) {
      if (r < cdf[i]) {
        return ALL.get(i);
      }
    }
    return ALL.get(cdf.length - 1);
  }

  /** A word of the language, common words more often than rare ones. */
  String word(Language language, SplittableRandom random) {
    Vocabulary words = vocabularies.computeIfAbsent(language,
        l -> new Vocabulary(WORDS, seed + l.code().hashCode(), l.script(), l.accents()));
    return words.word(wordRanks.next(random));
  }
}
