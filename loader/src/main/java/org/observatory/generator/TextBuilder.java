package org.observatory.generator;

import java.util.ArrayList;
import java.util.List;

/** Builds a tweet's text while recording where its entities sit, in code points as Twitter counts them. */
final class TextBuilder {
  private final StringBuilder text = new StringBuilder(160);
  private int codePoints;
  final List<Posted.Entity> hashtags = new ArrayList<>(2);
  final List<Posted.Entity> mentions = new ArrayList<>(2);
  final List<Posted.Entity> urls = new ArrayList<>(1);

  TextBuilder word(String word) {
    append(word);
    return this;
  }

  TextBuilder hashtag(String tag) {
    int start = append("#" + tag);
    hashtags.add(new Posted.Entity(tag, null, start, codePoints));
    return this;
  }

  TextBuilder mention(Posted.User user) {
    int start = append("@" + user.screenName());
    mentions.add(new Posted.Entity(user.screenName(), Long.toString(user.id()), start, codePoints));
    return this;
  }

  TextBuilder url(String shortUrl, String expanded) {
    int start = append(shortUrl);
    urls.add(new Posted.Entity(expanded, shortUrl, start, codePoints));
    return this;
  }

  /** A photo's t.co link, the status's last token; returns where it starts. */
  int photo(String shortUrl) {
    return append(shortUrl);
  }

  int codePoints() {
    return codePoints;
  }

  String text() {
    return text.toString();
  }

  /** Appends a token after a space; returns the code point where the token starts. */
  private int append(String token) {
    if (codePoints > 0) {
      text.append(' ');
      codePoints++;
    }
    int start = codePoints;
    text.append(token);
    codePoints += token.codePointCount(0, token.length());
    return start;
  }
}
