package org.observatory.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.GZIPOutputStream;

/**
 * What a day of stream output looks like, measured the same way on real and on generated lines: the
 * weight of a status gzipped, the shares of each kind of status and of entities, text lengths, the
 * scripts texts are written in, and the fields of the user object.
 *
 * @param gzipBytesPerStatus the statuses' lines gzipped together (level 6, as archives are), per status
 * @param shares of statuses: retweets, quotes, replies, extended tweets, with each kind of entity, a place
 * @param medianOriginalTextLength in UTF-16 chars, of statuses that are not retweets
 * @param scripts of statuses that are not retweets: the share whose text holds each script's letters
 */
record StreamProfile(int statuses, double gzipBytesPerStatus, Map<String, Double> shares,
    double medianOriginalTextLength, Map<String, Double> scripts, Set<String> userFields) {
  private static final ObjectMapper JSON = new ObjectMapper();
  static final List<String> SCRIPTS = List.of("latin", "japanese", "arabic", "hangul", "thai", "cyrillic");

  static StreamProfile of(Iterable<String> lines) throws IOException {
    ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
    Map<String, Double> shares = new LinkedHashMap<>();
    Map<String, Double> scripts = new LinkedHashMap<>();
    SCRIPTS.forEach(s -> scripts.put(s, 0.0));
    Set<String> userFields = new TreeSet<>();
    List<Integer> lengths = new ArrayList<>();
    int statuses = 0;
    try (GZIPOutputStream gzip = new GZIPOutputStream(gzipped)) {
      for (String line : lines) {
        JsonNode s;
        try {
          s = JSON.readTree(line);
        } catch (IOException cutOff) {
          continue;
        }
        if (!s.has("user")) {
          continue; // a delete notice
        }
        statuses++;
        gzip.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        count(shares, "retweets", s.has("retweeted_status"));
        count(shares, "quotes", s.has("quoted_status"));
        count(shares, "replies", !s.path("in_reply_to_status_id").isNull() && s.has("in_reply_to_status_id"));
        count(shares, "extended", s.has("extended_tweet"));
        count(shares, "with hashtags", !s.path("entities").path("hashtags").isEmpty());
        count(shares, "with mentions", !s.path("entities").path("user_mentions").isEmpty());
        count(shares, "with urls", !s.path("entities").path("urls").isEmpty());
        count(shares, "with media", s.path("entities").has("media"));
        count(shares, "with a place", !s.path("place").isNull() && s.has("place"));
        for (Iterator<String> f = s.get("user").fieldNames(); f.hasNext(); ) {
          userFields.add(f.next());
        }
        if (!s.has("retweeted_status")) {
          String text = s.get("text").asText();
          lengths.add(text.length());
          for (String script : SCRIPTS) {
            count(scripts, script, writtenIn(text, script));
          }
        }
      }
    }
    int n = statuses;
    int originals = lengths.size();
    shares.replaceAll((k, v) -> v / n);
    scripts.replaceAll((k, v) -> v / originals);
    lengths.sort(null);
    return new StreamProfile(n, gzipped.size() / (double) n, shares, lengths.get(originals / 2), scripts, userFields);
  }

  private static void count(Map<String, Double> counts, String key, boolean yes) {
    counts.merge(key, yes ? 1.0 : 0.0, Double::sum);
  }

  /** Whether the words of a text, its mentions, hashtags and links left out, hold the script's letters. */
  private static boolean writtenIn(String text, String script) {
    String words = text.replaceAll("[@#]\\S+|https?://\\S+", "");
    return words.codePoints().filter(Character::isLetter).mapToObj(Character.UnicodeScript::of)
        .anyMatch(u -> switch (script) {
          case "latin" -> u == Character.UnicodeScript.LATIN;
          case "japanese" -> u == Character.UnicodeScript.HIRAGANA || u == Character.UnicodeScript.KATAKANA
              || u == Character.UnicodeScript.HAN;
          case "arabic" -> u == Character.UnicodeScript.ARABIC;
          case "hangul" -> u == Character.UnicodeScript.HANGUL;
          case "thai" -> u == Character.UnicodeScript.THAI;
          case "cyrillic" -> u == Character.UnicodeScript.CYRILLIC;
          default -> throw new IllegalArgumentException(script);
        });
  }
}
