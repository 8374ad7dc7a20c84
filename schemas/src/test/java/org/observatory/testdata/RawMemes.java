package org.observatory.testdata;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The memes of every tweet in a raw corpus file, computed with Jackson's tree model independently of
 * the system under test: statuses and their embedded originals, each tweet once, hashtags as
 * {@code #lower-case}, mentions as {@code @lower-case}, URLs expanded. A tweet that a delete notice in
 * the file names is left out, as the loaders leave it out.
 */
public final class RawMemes {
  /**
   * One tweet: its creation time, memes, author, the author of the tweet it retweets (0: none), the
   * users it mentions (with the lower-case screen name each mention gives), its language (null when
   * the status gives none), and the authors of the tweet it quotes and of the one it replies to (0: none).
   */
  public record RawTweet(long id, long createdAt, Set<String> memes, long userId, String screenName,
      long retweetOfId, long retweetOfUserId, Set<Long> mentionIds, String text, String lang,
      Map<Long, Set<String>> mentionNames, long quotedUserId, long replyToUserId, List<String> hashtags,
      List<String> urls) {}

  private final Map<Long, RawTweet> tweets = new LinkedHashMap<>();
  private final Set<Long> deleted = new HashSet<>();

  /** A file of the shared corpus. */
  public static RawMemes of(String corpusFile) {
    RawMemes raw = new RawMemes();
    try (Stream<String> lines = SharedData.lines(corpusFile)) {
      lines.map(Json::tree).forEach(raw::take);
    }
    return raw.withoutDeleted();
  }

  /** Any {@code .json.gz} file; lines that are not JSON (generated cut-off lines) are skipped. */
  public static RawMemes of(Path file) throws IOException {
    RawMemes raw = new RawMemes();
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        Json.parsed(line).ifPresent(raw::take);
      }
    }
    return raw.withoutDeleted();
  }

  /** The ids the file's delete notices name. */
  public Set<Long> deleted() {
    return Set.copyOf(deleted);
  }

  public List<RawTweet> tweets() {
    return new ArrayList<>(tweets.values());
  }

  /** Tweets in [start, endExclusive) containing the meme. */
  public long count(String meme, long start, long endExclusive) {
    return tweets.values().stream()
        .filter(t -> t.createdAt() >= start && t.createdAt() < endExclusive && t.memes().contains(meme)).count();
  }

  /** Memes ranked by the number of tweets containing them, most frequent first. */
  public List<String> mostFrequent(String prefix, int n) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    tweets.values().forEach(t -> t.memes().stream().filter(m -> m.startsWith(prefix))
        .forEach(m -> counts.merge(m, 1, Integer::sum)));
    return counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .limit(n).map(Map.Entry::getKey).toList();
  }

  private void take(JsonNode line) {
    if (line.has("delete")) {
      deleted.add(line.get("delete").get("status").get("id").asLong());
    } else if (Json.isStatus(line)) {
      add(line);
    }
  }

  private RawMemes withoutDeleted() {
    tweets.keySet().removeAll(deleted);
    return this;
  }

  private void add(JsonNode status) {
    long id = status.get("id").asLong();
    JsonNode entities = status.has("extended_tweet") ? status.get("extended_tweet").get("entities") : status.get("entities");
    Set<String> memes = new HashSet<>();
    entities.path("hashtags").forEach(h -> memes.add("#" + h.get("text").asText().toLowerCase(Locale.ROOT)));
    entities.path("user_mentions").forEach(m -> memes.add("@" + m.get("screen_name").asText().toLowerCase(Locale.ROOT)));
    List<String> hashtags = new ArrayList<>();
    entities.path("hashtags").forEach(h -> hashtags.add(h.get("text").asText()));
    List<String> urls = new ArrayList<>();
    entities.path("urls").forEach(u -> urls.add(
        u.hasNonNull("expanded_url") ? u.get("expanded_url").asText() : u.get("url").asText()));
    memes.addAll(urls);
    Set<Long> mentionIds = new HashSet<>();
    Map<Long, Set<String>> mentionNames = new HashMap<>();
    entities.path("user_mentions").forEach(m -> {
      mentionIds.add(m.get("id").asLong());
      mentionNames.computeIfAbsent(m.get("id").asLong(), k -> new HashSet<>()).add(m.get("screen_name").asText());
    });
    JsonNode user = status.get("user");
    JsonNode original = status.get("retweeted_status");
    String text = status.has("extended_tweet") ? status.get("extended_tweet").get("full_text").asText()
        : status.get("text").asText();
    tweets.putIfAbsent(id, new RawTweet(id, Json.createdAt(status), memes, user.get("id").asLong(),
        user.get("screen_name").asText(), original == null ? 0 : original.get("id").asLong(),
        original == null ? 0 : original.get("user").get("id").asLong(), mentionIds, text,
        status.hasNonNull("lang") ? status.get("lang").asText() : null, mentionNames,
        // a retweet of a quote is a retweet: the quote is the original's, a tweet of its own
        original == null && status.hasNonNull("quoted_status") ? status.get("quoted_status").get("user").get("id").asLong() : 0,
        status.hasNonNull("in_reply_to_user_id") ? status.get("in_reply_to_user_id").asLong() : 0, hashtags, urls));
    for (String embedded : List.of("retweeted_status", "quoted_status")) {
      if (status.has(embedded) && Json.isStatus(status.get(embedded))) {
        add(status.get(embedded));
      }
    }
  }
}
