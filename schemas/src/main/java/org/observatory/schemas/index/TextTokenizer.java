package org.observatory.schemas.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.ar.ArabicAnalyzer;
import org.apache.lucene.analysis.de.GermanAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.es.SpanishAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.icu.ICUNormalizer2Filter;
import org.apache.lucene.analysis.icu.segmentation.ICUTokenizer;
import org.apache.lucene.analysis.id.IndonesianAnalyzer;
import org.apache.lucene.analysis.it.ItalianAnalyzer;
import org.apache.lucene.analysis.ja.JapaneseAnalyzer;
import org.apache.lucene.analysis.miscellaneous.LengthFilter;
import org.apache.lucene.analysis.nl.DutchAnalyzer;
import org.apache.lucene.analysis.pt.PortugueseAnalyzer;
import org.apache.lucene.analysis.ru.RussianAnalyzer;
import org.apache.lucene.analysis.th.ThaiAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tr.TurkishAnalyzer;

/**
 * Splits text into index words: Unicode word segmentation by ICU (dictionary-based for Thai,
 * Japanese, Chinese, Khmer...), NFKC case folding, and stop-words of the corpus' main languages
 * dropped, Japanese particles among them (Lucene's kuromoji list: 11 % of the words of the real 2013
 * and 2016 days were such). The same tokenizer serves indexing and text queries, so both agree on what a word is.
 */
public final class TextTokenizer {
  private static final int MAX_WORD_LENGTH = 100;
  private static final Pattern URL_REMNANT = Pattern.compile("https?:/\\S*");
  // Twitter escapes these three in a status's text; unescaped, they are the punctuation they stand for.
  private static final Pattern HTML_ESCAPE = Pattern.compile("&(?:amp|lt|gt);");
  private static final Analyzer ANALYZER = new Analyzer() {
    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
      ICUTokenizer source = new ICUTokenizer();
      TokenStream words = new ICUNormalizer2Filter(source); // NFKC with case folding
      // Folding can empty a token (U+3164 HANGUL FILLER folds to nothing); an index key can't be empty.
      words = new LengthFilter(words, 1, MAX_WORD_LENGTH);
      return new TokenStreamComponents(source, new StopFilter(words, stopWords()));
    }
  };

  private TextTokenizer() {}

  /** The distinct words of the text, in order of first appearance. */
  public static List<String> words(String text) {
    Set<String> words = new LinkedHashSet<>();
    String cleaned = HTML_ESCAPE.matcher(URL_REMNANT.matcher(text).replaceAll(" ")).replaceAll(" ");
    try (TokenStream tokens = ANALYZER.tokenStream("text", cleaned)) {
      CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
      tokens.reset();
      while (tokens.incrementToken()) {
        words.add(term.toString());
      }
      tokens.end();
    } catch (IOException e) {
      throw new UncheckedIOException("tokenizing an in-memory string failed", e);
    }
    return new ArrayList<>(words);
  }

  private static CharArraySet stopWords() {
    CharArraySet stop = new CharArraySet(2048, true);
    stop.addAll(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
    List.of(SpanishAnalyzer.getDefaultStopSet(), PortugueseAnalyzer.getDefaultStopSet(),
            FrenchAnalyzer.getDefaultStopSet(), GermanAnalyzer.getDefaultStopSet(),
            ItalianAnalyzer.getDefaultStopSet(), DutchAnalyzer.getDefaultStopSet(),
            IndonesianAnalyzer.getDefaultStopSet(), TurkishAnalyzer.getDefaultStopSet(),
            RussianAnalyzer.getDefaultStopSet(), ArabicAnalyzer.getDefaultStopSet(),
            ThaiAnalyzer.getDefaultStopSet(), JapaneseAnalyzer.getDefaultStopSet())
        .forEach(stop::addAll);
    // Twitter's own filler: the retweet marker and "via @someone". "amp" stays: months indexed while
    // "&amp;" was read as a word hold no word "amp", so a query for it must not find it in newer ones.
    stop.addAll(List.of("rt", "via", "amp"));
    return stop;
  }
}
