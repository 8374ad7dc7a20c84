package org.observatory.generator;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.observatory.schemas.tweet.Snowflake;

/**
 * Generates the lines of one day after another: a daily rhythm of volume, Zipf-distributed users,
 * hashtags, words and URLs, retweets (some of originals from earlier months), replies, quotes, photos,
 * delete notices, cut-off lines, and a bursty event hashtag. Statuses weigh what the real stream's do:
 * full user objects, many languages and scripts, statuses over 140 characters in the extended layout of the
 * stream since late 2017, entities in the real days' shares
 * ({@code GeneratorCalibrationTest} holds it to them). Sequential and seeded: deterministic.
 */
final class TweetGenerator {
  private static final int HISTORY = 20_000;
  private static final int OLD_ORIGINALS = 300;
  private static final double OLD_ORIGINAL_RETWEETS = 0.05;
  private static final int URLS = 5_000;
  /** Flatter than Zipf's 1: in a real sample most posters appear once a day, yet some post a lot. */
  private static final double USER_SKEW = 0.7;
  private static final double HASHTAG_SHARE = 0.14;
  private static final double MENTION_SHARE = 0.15;
  private static final double URL_SHARE = 0.2;
  private static final double PHOTO_SHARE = 0.14;
  /** Originals written past 140 characters, which the stream truncates and completes in extended_tweet: few
   * enough that a day stays within the real days' shares (from before 2017, with none). */
  private static final double LONG_SHARE = 0.06;

  private final GeneratorSettings settings;
  private final SplittableRandom random;
  private final Zipf userRanks;
  private final Zipf tagRanks;
  private final Zipf wordRanks;
  private final Zipf urlRanks;
  private final Vocabulary tagWords;
  private final Vocabulary textWords;
  private final Languages languages;
  private final Posted.User[] users;
  private final Posted[] history = new Posted[HISTORY];
  private final List<Posted> oldOriginals = new ArrayList<>();
  private final EventShape event;
  private int historySize;
  private int historyNext;
  private long sequence;
  private long campaignPush = -1;
  private Posted campaignTarget;
  final GenerationCounts counts = new GenerationCounts();

  TweetGenerator(GeneratorSettings settings) {
    this.settings = settings;
    this.random = new SplittableRandom(settings.seed());
    this.userRanks = new Zipf(settings.users(), USER_SKEW);
    this.tagRanks = new Zipf(settings.hashtags(), 1.1);
    this.wordRanks = new Zipf(20_000, 1.0);
    this.urlRanks = new Zipf(URLS, 1.0);
    this.tagWords = new Vocabulary(settings.hashtags(), settings.seed() + 1);
    this.textWords = new Vocabulary(20_000, settings.seed() + 2);
    this.languages = new Languages(settings.seed() + 3);
    this.users = new Posted.User[settings.users() + Campaign.ACCOUNTS];
    this.event = settings.eventStart() == null ? null : new EventShape(startOf(settings.eventStart()));
    makeOldOriginals();
  }

  /** Every line of one day, in time order. */
  void day(LocalDate day, Consumer<String> lines) {
    long dayStart = startOf(day);
    double perMinute = settings.tweetsPerDay() / 1440.0;
    for (int minute = 0; minute < 1440; minute++) {
      long minuteStart = dayStart + minute * 60_000L;
      double intensity = event == null ? 0 : event.intensity(minuteStart + 30_000);
      double expected = perMinute * rhythm(minute / 60.0) * (1 + intensity);
      int n = (int) expected + (random.nextDouble() < expected - (int) expected ? 1 : 0);
      long[] times = new long[n];
      for (int i = 0; i < n; i++) {
        times[i] = minuteStart + random.nextInt(60_000);
      }
      java.util.Arrays.sort(times);
      List<Campaign.Act> acts = event == null ? List.of() : Campaign.during(minuteStart, intensity);
      int act = 0;
      for (long time : times) {
        for (; act < acts.size() && acts.get(act).time() <= time; act++) {
          lines.accept(campaign(acts.get(act)));
        }
        lines.accept(line(time, intensity / (1 + intensity)));
      }
      for (; act < acts.size(); act++) {
        lines.accept(campaign(acts.get(act)));
      }
    }
  }

  /** More tweets in the evening (peak 20:00 UTC) than in the morning (trough 08:00); averages 1. */
  private static double rhythm(double hour) {
    return 1 + 0.5 * Math.cos(2 * Math.PI * (hour - 20) / 24);
  }

  private String line(long time, double eventProbability) {
    counts.lines++;
    double r = random.nextDouble();
    if (r < settings.malformedShare()) {
      counts.malformed++;
      String status = original(time, eventProbability, null, null).json();
      return status.substring(0, 1 + random.nextInt(status.length() - 1));
    }
    if (r < settings.malformedShare() + settings.deleteShare() && historySize > 0) {
      counts.deletes++;
      return StatusJson.delete(fromHistory(), time);
    }
    counts.statuses++;
    double kind = random.nextDouble();
    Posted posted;
    if (kind < settings.retweetShare() && historySize > 0) {
      counts.retweets++;
      return retweet(time).json();
    } else if (kind < settings.retweetShare() + settings.replyShare() && historySize > 0) {
      counts.replies++;
      posted = original(time, eventProbability, fromHistory(), null);
    } else if (kind < settings.retweetShare() + settings.replyShare() + settings.quoteShare() && historySize > 0) {
      counts.quotes++;
      posted = original(time, eventProbability, null, fromHistory());
    } else {
      posted = original(time, eventProbability, null, null);
    }
    remember(posted);
    return posted.json();
  }

  /** One campaign account's act: a retweet of the newest tweet, or the push's link under its hashtags. */
  private String campaign(Campaign.Act act) {
    counts.lines++;
    counts.statuses++;
    Posted.User user = user(settings.users() + act.account());
    if (act.retweet()) {
      if (act.push() != campaignPush) { // the push's tweet: the newest with the event's hashtag
        campaignPush = act.push();
        campaignTarget = newestWith(settings.eventHashtag());
      }
      if (campaignTarget != null) {
        counts.retweets++;
        return retweet(act.time(), campaignTarget, user).json();
      }
    }
    Languages.Language lang = language(user);
    TextBuilder text = new TextBuilder();
    for (int i = 0; i < 4; i++) {
      text.word(languages.word(lang, random));
    }
    text.hashtag(settings.eventHashtag()).hashtag(Campaign.HASHTAG)
        .url(shortUrl(act.push()), "https://news.example/euro2012/" + act.push());
    Posted posted = post(nextId(act.time()), act.time(), user, new Posted.Body(lang.code(), text.text(), text.hashtags,
        text.mentions, text.urls, List.of()), new StatusJson.Links(null, null, null));
    remember(posted);
    return posted.json();
  }

  private Posted original(long time, double eventProbability, Posted replyTo, Posted quoteOf) {
    Posted.User user = user();
    Languages.Language lang = random.nextDouble() < 0.85 ? language(user) : languages.draw(random);
    TextBuilder text = new TextBuilder();
    if (replyTo != null) {
      text.mention(replyTo.user());
    }
    List<Runnable> tokens = new ArrayList<>();
    int words = random.nextDouble() < LONG_SHARE ? 24 + random.nextInt(16) : 3 + random.nextInt(10);
    for (int i = 0; i < words; i++) {
      double w = random.nextDouble();
      String word = w < 0.05 ? Script.EMOJI.word(random, "") : w < 0.07 ? textWords.word(wordRanks.next(random))
          : languages.word(lang, random);
      tokens.add(() -> text.word(word));
    }
    for (String tag : hashtags(eventProbability)) {
      tokens.add(() -> text.hashtag(tag));
    }
    int mentions = replyTo != null || random.nextDouble() >= MENTION_SHARE ? 0 : random.nextDouble() < 0.75 ? 1 : 2;
    for (int i = 0; i < mentions; i++) {
      Posted.User mentioned = user();
      tokens.add(() -> text.mention(mentioned));
    }
    if (random.nextDouble() < URL_SHARE) {
      int url = urlRanks.next(random);
      tokens.add(() -> text.url(shortUrl(url), "https://" + textWords.word(url % textWords.size()) + ".example/" + url));
    }
    Collections.shuffle(tokens, new java.util.Random(random.nextLong()));
    tokens.forEach(Runnable::run);
    if (quoteOf != null) {
      text.url(shortUrl(quoteOf.id()), "https://twitter.com/" + quoteOf.user().screenName() + "/status/" + quoteOf.id());
    }
    long id = nextId(time);
    List<Posted.Media> media = List.of();
    if (random.nextDouble() < PHOTO_SHARE) {
      String link = shortUrl(id);
      int start = text.photo(link);
      media = List.of(new Posted.Media(id - 1 - random.nextInt(1 << 20), id, user.screenName(), link, start,
          text.codePoints(), 300 + random.nextInt(1700), 200 + random.nextInt(1300)));
    }
    return post(id, time, user, new Posted.Body(lang.code(), text.text(), text.hashtags, text.mentions, text.urls,
        media), new StatusJson.Links(null, quoteOf, replyTo));
  }

  private Posted retweet(long time) {
    Posted original = random.nextDouble() < OLD_ORIGINAL_RETWEETS
        ? oldOriginals.get(random.nextInt(oldOriginals.size())) : fromHistory();
    return retweet(time, original, user());
  }

  private Posted retweet(long time, Posted original, Posted.User user) {
    Posted.Body of = original.body();
    String prefix = "RT @" + original.user().screenName() + ": ";
    int shift = prefix.codePointCount(0, prefix.length());
    String full = prefix + of.text();
    int limit = 140;
    String text = full;
    if (full.codePointCount(0, full.length()) > limit) {
      text = full.substring(0, full.offsetByCodePoints(0, limit - 1)) + "…";
    }
    List<Posted.Entity> mentions = new ArrayList<>();
    mentions.add(new Posted.Entity(original.user().screenName(), Long.toString(original.user().id()), 3, shift - 2));
    List<Posted.Entity> hashtags = new ArrayList<>();
    List<Posted.Entity> urls = new ArrayList<>();
    copyShifted(of.mentions(), shift, limit - 1, mentions);
    copyShifted(of.hashtags(), shift, limit - 1, hashtags);
    copyShifted(of.urls(), shift, limit - 1, urls);
    List<Posted.Media> media = of.media().stream().filter(m -> m.end() + shift <= limit - 1)
        .map(m -> m.shifted(shift)).toList();
    return post(nextId(time), time, user, new Posted.Body(of.lang(), text, hashtags, mentions, urls, media),
        new StatusJson.Links(original, null, null));
  }

  private static void copyShifted(List<Posted.Entity> from, int shift, int limit, List<Posted.Entity> to) {
    for (Posted.Entity e : from) {
      if (e.end() + shift <= limit) {
        to.add(e.shifted(shift));
      }
    }
  }

  private List<String> hashtags(double eventProbability) {
    List<String> tags = new ArrayList<>(3);
    if (settings.eventHashtag() != null && random.nextDouble() < eventProbability) {
      tags.add(settings.eventHashtag());
    }
    double r = random.nextDouble();
    int n = r >= HASHTAG_SHARE ? 0 : r < HASHTAG_SHARE * 0.65 ? 1 : r < HASHTAG_SHARE * 0.9 ? 2 : 3;
    for (int i = 0; i < n; i++) {
      String tag = tagWords.word(tagRanks.next(random));
      if (!tags.contains(tag)) {
        tags.add(tag);
      }
    }
    return tags;
  }

  private long nextId(long time) {
    return Snowflake.firstIdAt(time) | (sequence++ & 0x3FFFFF);
  }

  private Posted post(long id, long time, Posted.User user, Posted.Body body, StatusJson.Links links) {
    String json = StatusJson.status(id, time, user, body, links, StatusExtras.draw(random));
    return new Posted(id, time, user, body, json);
  }

  private Languages.Language language(Posted.User user) {
    return language(user.profile());
  }

  private static Languages.Language language(Profile profile) {
    for (Languages.Language l : Languages.ALL) {
      if (l.code().equals(profile.lang())) {
        return l;
      }
    }
    throw new IllegalStateException("a profile in no known language: " + profile.lang());
  }

  private Posted.User user() {
    return user(userRanks.next(random));
  }

  private Posted.User user(int rank) {
    Posted.User user = users[rank];
    if (user == null) { // drawn from the account's own sequence: the same account whatever came before
      SplittableRandom own = new SplittableRandom(settings.seed() ^ (rank * 0x9E3779B97F4A7C15L));
      long id = 10_000_000L + ((rank * 0x9E3779B1L) & 0xFFFFFFFFL); // distinct, and as scattered as real ids
      Profile profile = Profile.draw(id, own, languages, startOf(settings.firstDay()) / 1000);
      String word = Script.LATIN.word(own, "");
      Languages.Language lang = language(profile);
      String name = languages.word(lang, own) + (own.nextBoolean() ? " " + languages.word(lang, own) : "");
      user = new Posted.User(rank, id, word + Integer.toString(rank, 36), name, profile);
      users[rank] = user;
    }
    return user;
  }

  /** The newest original kept that carries the hashtag, or null. */
  private Posted newestWith(String hashtag) {
    for (int back = 0; back < historySize; back++) {
      Posted posted = history[Math.floorMod(historyNext - 1 - back, HISTORY)];
      if (posted.body().hashtags().stream().anyMatch(h -> h.value().equals(hashtag))) {
        return posted;
      }
    }
    return null;
  }

  private Posted fromHistory() {
    // recent tweets are retweeted and answered more than old ones
    int back = (int) Math.min(historySize - 1, (long) (historySize * Math.pow(random.nextDouble(), 3)));
    return history[Math.floorMod(historyNext - 1 - back, HISTORY)];
  }

  private void remember(Posted posted) {
    history[historyNext] = posted;
    historyNext = (historyNext + 1) % HISTORY;
    historySize = Math.min(historySize + 1, HISTORY);
  }

  /** Originals posted up to a year before the first day, seen only when retweeted, as in a real stream. */
  private void makeOldOriginals() {
    long first = startOf(settings.firstDay());
    for (int i = 0; i < OLD_ORIGINALS; i++) {
      long time = first - 1 - (long) (random.nextDouble() * 365 * 86_400_000L);
      oldOriginals.add(original(time, 0, null, null));
    }
    oldOriginals.sort(java.util.Comparator.comparingLong(Posted::createdAt));
  }

  private static String shortUrl(long n) {
    return "https://t.co/" + Long.toString(Math.abs(n * 0x9E3779B97F4A7C15L) % 3_656_158_440_062_975L, 36);
  }

  private static long startOf(LocalDate day) {
    return day.atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
  }
}
