package org.observatory.schemas.index;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTokenizerTest {
  @Test
  void lowerCasesAndDropsStopWordsInSeveralLanguages() {
    assertThat(TextTokenizer.words("RT The Quick brown FOX and the lazy dog"))
        .containsExactly("quick", "brown", "fox", "lazy", "dog");
    assertThat(TextTokenizer.words("el perro y la casa de Juan")).containsExactly("perro", "casa", "juan");
  }

  @Test
  void segmentsThaiAndJapaneseIntoWords() {
    assertThat(TextTokenizer.words("ฉันรักภาษาไทย")).contains("รัก", "ภาษา", "ไทย");
    assertThat(TextTokenizer.words("私は東京に住んでいます")).contains("私", "東京");
  }

  @Test
  void dropsJapaneseParticlesAndKeepsTheWordsBetweenThem() {
    assertThat(TextTokenizer.words("花火の写真をアップしました")).contains("花火", "写真").doesNotContain("の", "を");
  }

  @Test
  void readsTwittersHtmlEscapesAsThePunctuationTheyStandFor() {
    assertThat(TextTokenizer.words("tom &amp; jerry &lt;3 a&gt;b")).containsExactly("tom", "jerry", "3", "b");
  }

  @Test
  void keepsArabicWordsAndDropsArabicStopWords() {
    assertThat(TextTokenizer.words("ذهبت إلى المدرسة")).contains("ذهبت", "المدرسة").doesNotContain("إلى");
  }

  @Test
  void neverYieldsAnEmptyWordFromCharactersThatFoldToNothing() {
    // U+3164 HANGUL FILLER is a word to ICU but folds to the empty string under NFKC_CF; real tweets use it.
    assertThat(TextTokenizer.words("\u3164\u3164 hola \u3164")).containsExactly("hola");
  }

  @Test
  void dropsLeftoversOfTruncatedUrls() {
    assertThat(TextTokenizer.words("great read https://t.co/ab… https:/")).containsExactly("great", "read");
  }
}
