package org.observatory.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import jakarta.ws.rs.client.WebTarget;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.testdata.JetstreamEvents;
import org.observatory.testdata.Json;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * Bluesky's posts beside Twitter's tweets in one service: the real Jetstream window and hand-written
 * events seeded at start-up, every answer checked against what the raw events say, read here.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
@UsesStore
class BlueskyQueriesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DAY = "2026-07-04";
  private static final List<String> EVENTS = events();
  /** Posts on the day of Twitter's real tweets, with one of that day's hashtags: the same meme on both. */
  private static final List<String> EVENTS_2013 = eventsOnTwitterDay();
  private static final long TWITTER_DAY = 1_376_092_800_000L; // 2013-08-10 UTC
  private static final DropwizardAppExtension<ObservatoryConfiguration> APP = new DropwizardAppExtension<>(
      ObservatoryApplication.class, EmbeddedApp.config(List.of(SharedData.file(SharedData.DAY_2013),
          write(EVENTS, "jetstream.2026-07-04T14.jsonl"), write(EVENTS_2013, "jetstream.2013-08-10T12.jsonl"))));

  @Test
  void hashtagsFromFacetsAndTagsCountPostsAndTheirReposts() throws Exception {
    JsonNode body = ok(query("meme-post-count").queryParam("platform", "bluesky")
        .queryParam("memes", "#skeet,#extra,#indierebellion").queryParam("start", DAY).queryParam("end", DAY));

    for (String meme : List.of("#skeet", "#extra", "#indierebellion")) {
      assertThat(body.get("counts").get(meme).asLong()).as(meme).isEqualTo(expected(meme)).isPositive();
    }
  }

  @Test
  void theTwoPlatformsAreKeptApart() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    for (String day : List.of("2013-08-10", DAY)) {
      JsonNode twitter = ok(query("meme-post-count").queryParam("memes", "#skeet,#mtvhottest")
          .queryParam("start", day).queryParam("end", day));
      JsonNode bluesky = ok(query("meme-post-count").queryParam("platform", "bluesky")
          .queryParam("memes", "#skeet,#mtvhottest").queryParam("start", day).queryParam("end", day));
      boolean twitterDay = day.startsWith("2013");

      assertThat(twitter.get("counts").get("#mtvhottest").asLong())
          .isEqualTo(twitterDay ? raw.count("#mtvhottest", 1_376_092_800_000L, 1_376_179_200_000L) : 0); // 2013-08-10 UTC
      assertThat(twitter.get("counts").get("#skeet").asLong()).isZero();
      assertThat(bluesky.get("counts").get("#mtvhottest").asLong())
          .isEqualTo(twitterDay ? expected(EVENTS_2013, "#mtvhottest") : 0);
      assertThat(bluesky.get("counts").get("#skeet").asLong()).isEqualTo(twitterDay ? 0 : expected("#skeet"));
      assertThat(bluesky.get("meta").get("months").toString()).isEqualTo(twitterDay ? "[\"2013-08\"]" : "[\"2026-07\"]");
    }
  }

  @Test
  void bothPlatformsAtOnceAddTheirCounts() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    long bluesky = expected(EVENTS_2013, "#mtvhottest");

    WebTarget body = both("meme-post-count", "#skeet,#mtvhottest", "2013-08-10", "2014-08-10");
    WebTarget hourly = both("timestamp-count", "#mtvhottest", "2013-08-10", "2013-08-10").queryParam("granularity", "hour");
    JsonNode window = ok(both("meme-post-count", "#skeet", DAY, DAY));

    assertThat(bluesky).isEqualTo(28);
    assertThat(ok(body).get("counts").get("#mtvhottest").asLong())
        .isEqualTo(raw.count("#mtvhottest", TWITTER_DAY, TWITTER_DAY + 366 * 86_400_000L) + bluesky);
    JsonNode hours = ok(hourly).get("counts");
    for (int h = 0; h < 24; h++) {
      long from = TWITTER_DAY + h * 3_600_000L;
      assertThat(hours.get(java.time.Instant.ofEpochMilli(from).toString()).asLong()).as("hour " + h)
          .isEqualTo(raw.count("#mtvhottest", from, from + 3_600_000L) + expectedIn(EVENTS_2013, "mtvhottest", from));
    }
    assertThat(window.get("counts").get("#skeet").asLong()).isEqualTo(expected("#skeet"));
    assertThat(window.get("meta").get("months").toString()).isEqualTo("[\"bluesky 2026-07\"]");
  }

  @Test
  void bothPlatformsRankAHashtagByItsCountOnBoth() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);

    JsonNode body = ok(both("top-memes", null, "2013-08-10", "2013-08-10").queryParam("limit", "10000"));

    JsonNode row = null;
    for (JsonNode r : body.get("rows")) {
      row = r.get("key").asText().equals("#mtvhottest") ? r : row;
    }
    assertThat(row).as(body.toString()).isNotNull();
    assertThat(row.get("count").asLong()).isEqualTo(raw.count("#mtvhottest", TWITTER_DAY, TWITTER_DAY + 86_400_000L)
        + expected(EVENTS_2013, "#mtvhottest"));
    assertThat(body.get("meta").get("months").toString()).contains("twitter 2013-08", "bluesky 2013-08");
  }

  @Test
  void bothPlatformsGiveEachOnesUsersAndEdges() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    List<RawMemes.RawTweet> tweets = raw.tweets().stream().filter(t -> t.createdAt() >= TWITTER_DAY
        && t.createdAt() < TWITTER_DAY + 86_400_000L && t.memes().contains("#mtvhottest")).toList();
    long retweets = tweets.stream().filter(t -> t.retweetOfUserId() != 0).count();

    JsonNode users = ok(both("user-post-count", "#mtvhottest", "2013-08-10", "2013-08-10"));
    JsonNode edges = ok(both("retweet-edges", "#mtvhottest", "2013-08-10", "2013-08-10"));
    JsonNode diffusion = ok(both("diffusion-edges", "#mtvhottest", "2013-08-10", "2013-08-10")
        .queryParam("types", "retweet"));

    long blueskyUsers = 0;
    long posts = 0;
    for (JsonNode row : users.get("rows")) {
      blueskyUsers += row.get("userId").asLong() >= 1L << 62 ? 1 : 0;
      posts += row.get("count").asLong();
    }
    assertThat(blueskyUsers).isEqualTo(8); // five posters and three reposters
    assertThat(posts).isEqualTo(tweets.size() + 28);
    assertThat(users.get("rows").size()).isEqualTo(tweets.stream().map(RawMemes.RawTweet::userId).distinct().count() + 8);
    assertThat(weights(edges)).isEqualTo(retweets + 8);
    assertThat(weights(diffusion)).isEqualTo(retweets + 8);
  }

  @Test
  void bothPlatformsLookupsInterleaveTweetsAndPostsInTimeOrder() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    long tweets = raw.count("#mtvhottest", TWITTER_DAY, TWITTER_DAY + 86_400_000L);

    List<JsonNode> lines = lines(both("get-tweets-with-meme", "#mtvhottest", "2013-08-10", "2013-08-10")
        .queryParam("fields", "screenName"));

    assertThat((long) lines.size()).isEqualTo(tweets + 28);
    List<String> times = lines.stream().map(l -> l.get("createdAt").asText()).toList();
    assertThat(times).isSorted();
    assertThat(lines.stream().filter(l -> l.get("uri").asText("").startsWith("at://did:plc:")).count()).isEqualTo(28);
    assertThat(lines.stream().filter(l -> l.get("uri").isNull()).count()).isEqualTo(tweets);
  }

  @Test
  void aBackgroundJobAsksBothPlatformsToo() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    String job;
    try (Response submitted = APP.client().target("http://localhost:" + APP.getLocalPort()
        + "/jobs/meme-post-count").queryParam("platform", "both").queryParam("memes", "#mtvhottest")
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10").request()
        .post(jakarta.ws.rs.client.Entity.text(""))) {
      assertThat(submitted.getStatus()).isEqualTo(202);
      job = JSON.readTree(submitted.readEntity(String.class)).get("id").asText();
    }
    WebTarget status = APP.client().target("http://localhost:" + APP.getLocalPort() + "/jobs/" + job);
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!ok(status).get("state").asText().equals("SUCCEEDED") && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }

    assertThat(ok(status.path("results")).get("counts").get("#mtvhottest").asLong())
        .isEqualTo(raw.count("#mtvhottest", TWITTER_DAY, TWITTER_DAY + 86_400_000L) + 28);
  }

  /** A query of both platforms over the memes (none: null) and days. */
  private static WebTarget both(String query, String memes, String start, String end) {
    WebTarget target = query(query).queryParam("platform", "both").queryParam("start", start).queryParam("end", end);
    return memes == null ? target : target.queryParam("memes", memes);
  }

  private static long weights(JsonNode edges) {
    long sum = 0;
    for (JsonNode row : edges.get("rows")) {
      sum += row.get("weight").asLong();
    }
    return sum;
  }

  @Test
  void aMentionIsFoundByItsHandleAndByItsDid() throws Exception {
    JsonNode body = ok(query("meme-post-count").queryParam("platform", "bluesky")
        .queryParam("memes", "@alice.test,@did:plc:alice").queryParam("start", DAY).queryParam("end", DAY));

    assertThat(body.get("counts").get("@alice.test").asLong()).isEqualTo(mentionsOfAlice()).isPositive();
    assertThat(body.get("counts").get("@did:plc:alice").asLong()).isEqualTo(mentionsOfAlice());
  }

  @Test
  void repostsAreRetweetEdgesFromTheReposterToTheAuthor() throws Exception {
    JsonNode body = ok(query("retweet-edges").queryParam("platform", "bluesky").queryParam("memes", "#skeet")
        .queryParam("start", DAY).queryParam("end", DAY));
    Map<Long, String> dids = dids();

    Map<List<String>, Long> edges = new HashMap<>();
    for (JsonNode row : body.get("rows")) {
      edges.put(List.of(dids.get(row.get("source").asLong()), dids.get(row.get("target").asLong())),
          row.get("weight").asLong());
    }
    assertThat(edges).isEqualTo(expectedRepostEdges("skeet"));
  }

  @Test
  void everyLookupGivesThePostsAtUriAndWebPage() throws Exception {
    List<JsonNode> lines = lines(query("get-tweets-with-meme").queryParam("platform", "bluesky")
        .queryParam("memes", "#skeet").queryParam("start", DAY).queryParam("end", DAY));

    assertThat((long) lines.size()).isEqualTo(expected("#skeet"));
    Set<String> uris = new HashSet<>();
    for (JsonNode line : lines) {
      String uri = line.get("uri").asText();
      uris.add(uri);
      String[] parts = uri.substring("at://".length()).split("/");
      assertThat(line.get("url").asText()).startsWith("https://bsky.app/profile/");
      if (parts[1].equals("app.bsky.feed.post")) {
        assertThat(line.get("url").asText()).isEqualTo("https://bsky.app/profile/" + parts[0] + "/post/" + parts[2]);
      }
    }
    assertThat(uris).hasSize(lines.size());
  }

  @Test
  void aUserIsLookedUpByDidOrByHandle() throws Exception {
    List<JsonNode> byDid = lines(query("get-tweets-with-user").queryParam("platform", "bluesky")
        .queryParam("user", "did:plc:alice").queryParam("start", DAY).queryParam("end", DAY));
    List<JsonNode> byHandle = lines(query("get-tweets-with-user").queryParam("platform", "bluesky")
        .queryParam("user", "alice.test").queryParam("start", DAY).queryParam("end", DAY));

    long alicePosts = EVENTS.stream().map(Json::tree).filter(e -> created(e) && e.path("did").asText().equals("did:plc:alice"))
        .count();
    assertThat((long) byDid.size()).isEqualTo(alicePosts).isPositive();
    assertThat(byHandle).hasSameSizeAs(byDid);
  }

  @Test
  void monthsAndIndexesSayWhosePostsEachTableHolds() throws Exception {
    JsonNode months = ok(APP.client().target("http://localhost:" + APP.getLocalPort() + "/months"));
    JsonNode indexes = ok(APP.client().target("http://localhost:" + APP.getLocalPort() + "/indexes"));

    assertThat(months.get("2026-07").toString()).contains("observatory_bluesky:tweets-2026-07");
    assertThat(months.get("2013-08").toString()).contains("observatory:tweets-2013-08");
    Set<String> platforms = new HashSet<>();
    indexes.forEach(e -> platforms.add(e.get("platform").asText() + " " + e.get("month").asText()));
    assertThat(platforms).contains("bluesky 2026-07", "twitter 2013-08");
  }

  @Test
  void anUnknownPlatformIsABadRequest() {
    try (Response response = query("meme-post-count").queryParam("platform", "mastodon").queryParam("memes", "#a")
        .queryParam("start", DAY).queryParam("end", DAY).request().get()) {
      assertThat(response.getStatus()).isEqualTo(400);
      assertThat(response.readEntity(String.class)).contains("twitter, bluesky");
    }
  }

  /** Posts holding the hashtag, and reposts of them whose post came first. */
  private static long expected(String meme) {
    return expected(EVENTS, meme);
  }

  private static long expected(List<String> events, String meme) {
    return expected(events, record -> hashtags(record).contains(meme.substring(1)), Long.MIN_VALUE);
  }

  /** The same, of the hour that begins then. */
  private static long expectedIn(List<String> events, String tag, long hourMillis) {
    return expected(events, record -> hashtags(record).contains(tag), hourMillis);
  }

  private static long expected(java.util.function.Predicate<JsonNode> holds) {
    return expected(EVENTS, holds, Long.MIN_VALUE);
  }

  /**
   * Posts whose record passes, and reposts of them whose post came first: a repost counts as its post
   * does; in the hour that begins at {@code hourMillis} (by the time the network saw each), or in all.
   */
  private static long expected(List<String> events, java.util.function.Predicate<JsonNode> holds, long hourMillis) {
    Set<String> matching = new HashSet<>();
    long count = 0;
    for (String line : events) {
      JsonNode e = Json.tree(line);
      long millis = e.path("time_us").asLong() / 1000;
      boolean inHour = hourMillis == Long.MIN_VALUE || (millis >= hourMillis && millis < hourMillis + 3_600_000L);
      if (!created(e)) {
        continue;
      }
      if (e.path("commit").path("collection").asText().equals("app.bsky.feed.post")) {
        if (holds.test(e.path("commit").path("record"))) {
          matching.add(uri(e));
          count += inHour ? 1 : 0;
        }
      } else if (matching.contains(e.path("commit").path("record").path("subject").path("uri").asText())) {
        count += inHour ? 1 : 0;
      }
    }
    return count;
  }

  private static Set<String> hashtags(JsonNode record) {
    Set<String> tags = new HashSet<>();
    record.path("facets").forEach(f -> f.path("features").forEach(x -> {
      if (x.path("$type").asText().endsWith("#tag")) {
        tags.add(x.path("tag").asText().toLowerCase(Locale.ROOT));
      }
    }));
    record.path("tags").forEach(t -> tags.add(t.asText().toLowerCase(Locale.ROOT)));
    return tags;
  }

  private static long mentionsOfAlice() {
    return expected(record -> {
      boolean[] found = {false};
      record.path("facets").forEach(f -> f.path("features").forEach(x -> {
        found[0] |= x.path("did").asText().equals("did:plc:alice");
      }));
      return found[0];
    });
  }

  private static Map<List<String>, Long> expectedRepostEdges(String tag) {
    Map<String, String> authors = new HashMap<>();
    Map<List<String>, Long> edges = new HashMap<>();
    for (String line : EVENTS) {
      JsonNode e = Json.tree(line);
      if (!created(e)) {
        continue;
      }
      if (e.path("commit").path("collection").asText().equals("app.bsky.feed.post")) {
        if (hashtags(e.path("commit").path("record")).contains(tag)) {
          authors.put(uri(e), e.path("did").asText());
        }
      } else {
        String subject = e.path("commit").path("record").path("subject").path("uri").asText();
        if (authors.containsKey(subject)) {
          edges.merge(List.of(e.path("did").asText(), authors.get(subject)), 1L, Long::sum);
        }
      }
    }
    return edges;
  }

  /** User id → DID, as the stored statuses of every post say. */
  private static Map<Long, String> dids() throws IOException {
    Map<Long, String> dids = new HashMap<>();
    for (JsonNode line : lines(query("get-tweets-with-meme").queryParam("platform", "bluesky").queryParam("memes", "#skeet")
        .queryParam("start", DAY).queryParam("end", DAY).queryParam("fields", "json"))) {
      dids.put(line.path("user").path("id").asLong(), line.path("user").path("did").asText());
    }
    return dids;
  }

  private static boolean created(JsonNode e) {
    String collection = e.path("commit").path("collection").asText();
    return e.path("commit").path("operation").asText().equals("create")
        && (collection.equals("app.bsky.feed.post") || collection.equals("app.bsky.feed.repost"));
  }

  private static String uri(JsonNode e) {
    return "at://" + e.path("did").asText() + "/" + e.path("commit").path("collection").asText() + "/"
        + e.path("commit").path("rkey").asText();
  }

  /** The real window, then hand-written posts on 2026-07-04: hashtags, record tags, mentions of alice, reposts. */
  private static List<String> events() {
    List<String> events = new ArrayList<>(SharedData.blueskyLines(SharedData.JETSTREAM_WINDOW));
    long t = 1_783_180_000_000_000L; // 2026-07-04T15:46:40Z, after the window
    events.add("{\"did\":\"did:plc:alice\",\"time_us\":" + t + ",\"kind\":\"identity\",\"identity\":{\"did\":\"did:plc:alice\","
        + "\"handle\":\"alice.test\",\"seq\":1,\"time\":\"2026-07-04T15:46:40Z\"}}");
    List<String> posts = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      String did = i % 5 == 0 ? "did:plc:alice" : "did:plc:user" + (i % 4);
      String rkey = JetstreamEvents.tid(t + (i + 1) * 1_000_000L);
      boolean mention = i % 3 == 0;
      String text = "#skeet number " + i + (mention ? " @alice.test" : "");
      int at = ("#skeet number " + i + " ").length();
      String facets = "[{\"index\":{\"byteStart\":0,\"byteEnd\":6},\"features\":[{\"$type\":\"app.bsky.richtext.facet#tag\","
          + "\"tag\":\"Skeet\"}]}" + (mention ? ",{\"index\":{\"byteStart\":" + at + ",\"byteEnd\":" + (at + 11) + "},"
          + "\"features\":[{\"$type\":\"app.bsky.richtext.facet#mention\",\"did\":\"did:plc:alice\"}]}" : "") + "]";
      String tags = i % 4 == 0 ? ",\"tags\":[\"Extra\"]" : "";
      events.add(JetstreamEvents.create(did, t + (i + 1) * 1_000_000L, "app.bsky.feed.post", rkey, "{\"$type\":\"app.bsky.feed.post\","
          + "\"createdAt\":\"2026-07-04T15:47:00Z\",\"langs\":[\"en\"],\"text\":\"" + text + "\",\"facets\":" + facets + tags + "}"));
      posts.add("at://" + did + "/app.bsky.feed.post/" + rkey);
    }
    for (int i = 0; i < 12; i++) {
      long time = t + 100_000_000L + i * 1_000_000L;
      events.add(JetstreamEvents.create("did:plc:reposter" + (i % 3), time, "app.bsky.feed.repost", JetstreamEvents.tid(time),
          "{\"$type\":\"app.bsky.feed.repost\",\"createdAt\":\"2026-07-04T15:49:00Z\",\"subject\":{\"cid\":\"bafy\",\"uri\":\""
              + posts.get(i * 2) + "\"}}"));
    }
    return events;
  }

  /** Twenty posts of #MTVHottest by five accounts, some mentioning another, and eight reposts of them. */
  private static List<String> eventsOnTwitterDay() {
    List<String> events = new ArrayList<>();
    long t = (TWITTER_DAY + 12 * 3_600_000L) * 1000; // 12:00 UTC
    List<String> posts = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      long time = t + i * 1_200_000_000L; // every 20 minutes
      String did = "did:plc:fan" + (i % 5);
      String rkey = JetstreamEvents.tid(time);
      events.add(JetstreamEvents.create(did, time, "app.bsky.feed.post", rkey, "{\"$type\":\"app.bsky.feed.post\","
          + "\"createdAt\":\"2013-08-10T12:00:00Z\",\"text\":\"#MTVHottest " + i + "\",\"facets\":[{\"index\":"
          + "{\"byteStart\":0,\"byteEnd\":11},\"features\":[{\"$type\":\"app.bsky.richtext.facet#tag\","
          + "\"tag\":\"MTVHottest\"}]}]}"));
      posts.add("at://" + did + "/app.bsky.feed.post/" + rkey);
    }
    for (int i = 0; i < 8; i++) {
      long time = t + i * 1_200_000_000L + 60_000_000L; // a minute after the post it reposts
      events.add(JetstreamEvents.create("did:plc:booster" + (i % 3), time, "app.bsky.feed.repost", JetstreamEvents.tid(time),
          "{\"$type\":\"app.bsky.feed.repost\",\"createdAt\":\"2013-08-10T12:01:00Z\",\"subject\":{\"cid\":\"bafy\","
              + "\"uri\":\"" + posts.get(i) + "\"}}"));
    }
    return events;
  }

  private static Path write(List<String> events, String name) {
    try {
      Path file = Files.createTempDirectory("bluesky-seed").resolve(name);
      return Files.write(file, events, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static WebTarget query(String name) {
    return APP.client().target("http://localhost:" + APP.getLocalPort() + "/queries/" + name);
  }

  private static JsonNode ok(WebTarget target) throws IOException {
    try (Response response = target.request().get()) {
      String body = response.readEntity(String.class);
      assertThat(response.getStatus()).as(body).isEqualTo(200);
      return JSON.readTree(body);
    }
  }

  private static List<JsonNode> lines(WebTarget target) throws IOException {
    try (Response response = target.request().get()) {
      String body = response.readEntity(String.class);
      assertThat(response.getStatus()).as(body).isEqualTo(200);
      List<JsonNode> lines = new ArrayList<>();
      for (String line : body.lines().toList()) {
        lines.add(JSON.readTree(line));
      }
      return lines;
    }
  }
}
