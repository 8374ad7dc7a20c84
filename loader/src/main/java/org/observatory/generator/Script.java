package org.observatory.generator;

import java.util.SplittableRandom;

/**
 * How a writing system makes up words: from its own letters, so that the bytes (1 to 4 per character in
 * UTF-8), the code point arithmetic of entity indices and the tokenizer meet what real tweets hold.
 */
enum Script {
  /** Pronounceable syllables, with the accented letters of the language's own alphabet now and then. */
  LATIN {
    @Override
    String word(SplittableRandom random, String accents) {
      StringBuilder w = new StringBuilder();
      int syllables = 1 + random.nextInt(3);
      for (int s = 0; s < syllables; s++) {
        w.append(ONSETS[random.nextInt(ONSETS.length)]);
        w.append(!accents.isEmpty() && random.nextInt(6) == 0
            ? accents.charAt(random.nextInt(accents.length())) : VOWELS[random.nextInt(VOWELS.length)]);
      }
      return w.toString();
    }
  },
  /** Kana and common kanji, two to six characters: Japanese writes no spaces, a word is a run. */
  JAPANESE {
    @Override
    String word(SplittableRandom random, String accents) {
      StringBuilder w = new StringBuilder();
      int n = 2 + random.nextInt(5);
      for (int i = 0; i < n; i++) {
        int kind = random.nextInt(10);
        w.appendCodePoint(kind < 5 ? 0x3041 + random.nextInt(0x53) : kind < 7 ? 0x30A1 + random.nextInt(0x56)
            : KANJI.codePointAt(random.nextInt(KANJI.length())));
      }
      return w.toString();
    }
  },
  ARABIC(0x0627, 0x064A, 2, 6),
  HANGUL(0xAC00, 0xD7A3, 1, 4),
  THAI(0x0E01, 0x0E2E, 3, 6),
  CYRILLIC(0x0430, 0x0450, 3, 7),
  DEVANAGARI(0x0915, 0x0939, 2, 5),
  /** Tweets Twitter could not place in a language: emoji and laughter. */
  EMOJI {
    @Override
    String word(SplittableRandom random, String accents) {
      return random.nextInt(4) == 0 ? "ha".repeat(2 + random.nextInt(4))
          : EMOJIS[random.nextInt(EMOJIS.length)].repeat(1 + random.nextInt(3));
    }
  };

  private static final String[] ONSETS = {"b", "c", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z",
      "br", "st", "tr", "ch", "h", "j", "w", "y"};
  private static final String[] VOWELS = {"a", "e", "i", "o", "u", "ai", "ou", "ea"};
  private static final String KANJI = "日本人大年中出一上見行東京今気時分自前後生方会事手言思"
      + "何間話電車店家好物食飲新高長明楽学校友達声曲歌夜朝";
  private static final String[] EMOJIS = {"😀", "🔥", "⚽", "🎉", "❤️", "👍", "😂", "😭", "🙏", "✨", "💕", "😍"};

  private final int firstLetter;
  private final int pastLastLetter;
  private final int shortest;
  private final int lengths;

  /** A script whose words are runs of letters from one block of code points. */
  Script(int firstLetter, int pastLastLetter, int shortest, int lengths) {
    this.firstLetter = firstLetter;
    this.pastLastLetter = pastLastLetter;
    this.shortest = shortest;
    this.lengths = lengths;
  }

  /** A script that makes its words its own way. */
  Script() {
    this(0, 0, 0, 0);
  }

  /** A word of letters from the script's block, {@code shortest} to {@code shortest + lengths - 1} long. */
  String word(SplittableRandom random, String accents) {
    StringBuilder w = new StringBuilder();
    int n = shortest + random.nextInt(lengths);
    for (int i = 0; i < n; i++) {
      w.appendCodePoint(firstLetter + random.nextInt(pastLastLetter - firstLetter));
    }
    return w.toString();
  }
}
