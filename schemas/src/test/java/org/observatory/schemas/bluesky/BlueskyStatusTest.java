package org.observatory.schemas.bluesky;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.Snowflake;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.schemas.tweet.TweetParser;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;

/**
 * Real Jetstream posts made into the statuses the tables store, checked against the raw events read
 * here with Jackson's tree and the facets' UTF-8 bytes sliced by hand.
 */
class BlueskyStatusTest {
  private final TweetParser parser = new TweetParser();

  @Test
  void everyRealPostKeepsItsTextLanguageAndFacetsAsEntities() throws Exception {
    int posts = 0;
    for (String line : SharedData.blueskyLines(SharedData.JETSTREAM_WINDOW)) {
      JsonNode raw = Json.tree(line);
      if (!isCreate(raw, "app.bsky.feed.post")) {
        continue;
      }
      posts++;
      JetstreamEvent.Commit commit = (JetstreamEvent.Commit) JetstreamParser.parse(line);
      FakeIds ids = new FakeIds();
      Tweet tweet = tweet(BlueskyStatus.post(commit, PostRecord.of(commit.record()), ids));
      JsonNode record = raw.path("commit").path("record");

      assertThat(tweet.text()).isEqualTo(record.path("text").asText());
      assertThat(tweet.lang()).isEqualTo(record.path("langs").path(0).asText(null));
      assertThat(tweet.id()).isEqualTo(ids.post(new AtUri(raw.path("did").asText(), "app.bsky.feed.post",
          raw.path("commit").path("rkey").asText())));
      assertThat(tweet.user().id()).isEqualTo(ids.user(raw.path("did").asText()));
      assertThat(tweet.hashtags()).containsExactlyInAnyOrderElementsOf(expected(raw, "#tag"));
      assertThat(tweet.urls()).containsExactlyInAnyOrderElementsOf(expectedUrls(raw));
      assertThat(tweet.mentions().stream().map(Tweet.Mention::screenName).toList())
          .containsExactlyInAnyOrderElementsOf(expected(raw, "#mention"));
      if (record.has("reply")) {
        assertThat(tweet.replyTo().id()).isEqualTo(ids.post(AtUri.parse(record.path("reply").path("parent").path("uri").asText())));
      }
      JsonNode stored = Json.tree(tweet.json());
      assertThat(stored.path("bluesky").path("url").asText()).isEqualTo("https://bsky.app/profile/"
          + raw.path("did").asText() + "/post/" + raw.path("commit").path("rkey").asText());
      assertThat(stored.path("bluesky").path("createdAt").asText()).isEqualTo(record.path("createdAt").asText());
    }
    assertThat(posts).isEqualTo(17);
  }

  @Test
  void theTextIndexSeesTheWordsWithoutTheFacets() throws Exception {
    String line = SharedData.blueskyLines(SharedData.JETSTREAM_WINDOW).stream()
        .filter(l -> l.contains("\"tag\":\"IndieRebellion\"")).findFirst().orElseThrow();
    JetstreamEvent.Commit commit = (JetstreamEvent.Commit) JetstreamParser.parse(line);

    Tweet tweet = tweet(BlueskyStatus.post(commit, PostRecord.of(commit.record()), new FakeIds()));

    assertThat(tweet.plainText()).doesNotContain("#IndieRebellion").doesNotContain("#HowToTellAiToShutUp")
        .contains("started an").contains("😂");
  }

  @Test
  void aRepostIsARetweetOfItsSubjectWithTheOriginalsEntities() throws Exception {
    List<String> lines = SharedData.blueskyLines(SharedData.JETSTREAM_GOLDEN);
    String repostLine = lines.stream().filter(l -> l.contains("\"app.bsky.feed.repost\"")).findFirst().orElseThrow();
    JetstreamEvent.Commit repost = (JetstreamEvent.Commit) JetstreamParser.parse(repostLine);
    AtUri subject = AtUri.parse(Json.tree(repostLine).path("commit").path("record").path("subject").path("uri").asText());
    FakeIds ids = new FakeIds();
    JsonNode original = Json.tree("{\"text\":\"hello #Tag\",\"lang\":\"en\",\"entities\":{\"hashtags\":[{\"text\":\"Tag\","
        + "\"indices\":[6,10]}],\"user_mentions\":[],\"urls\":[]}}");

    Tweet unseen = tweet(BlueskyStatus.repost(repost, subject, null, ids));
    Tweet seen = tweet(BlueskyStatus.repost(repost, subject, original, ids));

    assertThat(unseen.retweetOf().id()).isEqualTo(ids.post(subject));
    assertThat(unseen.retweetOf().userId()).as("the edge is known from the URI alone").isEqualTo(ids.user(subject.did()));
    assertThat(unseen.hashtags()).isEmpty();
    assertThat(seen.hashtags()).containsExactly("Tag");
    assertThat(seen.text()).isEqualTo("hello #Tag");
  }

  @Test
  void facetsOutOfTheTextOrSplittingACharacterAreRefused() {
    String text = "é #tag"; // é is two bytes
    assertThatThrownBy(() -> PostRecord.of(post(text, 1, 2))).isInstanceOf(MalformedTweetException.class)
        .hasMessageContaining("split a UTF-8 sequence");
    assertThatThrownBy(() -> PostRecord.of(post(text, 3, 40))).isInstanceOf(MalformedTweetException.class)
        .hasMessageContaining("outside the text");
    assertThatThrownBy(() -> JetstreamParser.parse("{\"did\":\"did:plc:abc\",\"time_us\":1,\"kind\":\"sync\"}"))
        .hasMessageContaining("unknown event kind");
    assertThatThrownBy(() -> JetstreamParser.parse("not json")).hasMessageContaining("invalid JSON");
    assertThatThrownBy(() -> AtUri.parse("at://alice.bsky.social/app.bsky.feed.post/3abc"))
        .hasMessageContaining("not a DID");
  }

  @Test
  void aFacetsByteRangeBecomesCodePoints() throws Exception {
    PostRecord record = PostRecord.of(post("é #tag", 3, 7));

    assertThat(record.hashtags()).containsExactly(new PostRecord.Entity("tag", 2, 6));
  }

  @Test
  void aTidTellsItsMicroseconds() {
    assertThat(Tid.micros("3mptbypfywk2v")).hasValue(1783175887322000L);
    assertThat(Tid.micros("not-a-tid")).isEmpty();
  }

  private static JsonNode post(String text, int byteStart, int byteEnd) {
    return Json.tree("{\"text\":\"" + text + "\",\"createdAt\":\"2026-07-04T00:00:00Z\",\"facets\":[{\"index\":{\"byteStart\":"
        + byteStart + ",\"byteEnd\":" + byteEnd + "},\"features\":[{\"$type\":\"app.bsky.richtext.facet#tag\",\"tag\":\"tag\"}]}]}");
  }

  private Tweet tweet(String status) throws MalformedTweetException {
    return ((StreamItem.Status) parser.parse(status)).tweet();
  }

  private static boolean isCreate(JsonNode event, String collection) {
    return event.path("kind").asText().equals("commit") && event.path("commit").path("operation").asText().equals("create")
        && event.path("commit").path("collection").asText().equals(collection);
  }

  /** What the facets of a feature type say, sliced from the text's bytes for mentions. */
  private static List<String> expected(JsonNode event, String feature) {
    JsonNode record = event.path("commit").path("record");
    byte[] utf8 = record.path("text").asText().getBytes(StandardCharsets.UTF_8);
    List<String> values = new ArrayList<>();
    for (JsonNode facet : record.path("facets")) {
      for (JsonNode f : facet.path("features")) {
        if (f.path("$type").asText().endsWith(feature)) {
          int from = facet.path("index").path("byteStart").asInt();
          int to = facet.path("index").path("byteEnd").asInt();
          values.add(feature.equals("#tag") ? f.path("tag").asText()
              : new String(utf8, from, to - from, StandardCharsets.UTF_8).substring(1).toLowerCase(Locale.ROOT));
        }
      }
    }
    record.path("tags").forEach(t -> values.add(t.asText()));
    return values;
  }

  private static List<String> expectedUrls(JsonNode event) {
    JsonNode record = event.path("commit").path("record");
    List<String> urls = new ArrayList<>();
    for (JsonNode facet : record.path("facets")) {
      for (JsonNode f : facet.path("features")) {
        if (f.path("$type").asText().endsWith("#link")) {
          urls.add(f.path("uri").asText());
        }
      }
    }
    String external = record.path("embed").path("external").path("uri").asText(null);
    if (external != null && !urls.contains(external)) {
      urls.add(external);
    }
    return urls;
  }

  /** Ids as an allocation would give them: each name its own, posts at their TID's or event's time. */
  private static final class FakeIds implements BlueskyStatus.Ids {
    private final Map<String, Long> ids = new HashMap<>();

    @Override
    public long post(AtUri uri) {
      return ids.computeIfAbsent(uri.toString(), u -> Snowflake.firstIdAt(Tid.micros(uri.rkey()).orElse(0) / 1000) + ids.size());
    }

    @Override
    public long user(String did) {
      return ids.computeIfAbsent(did, d -> (1L << 62) + ids.size());
    }

    @Override
    public String name(String did) {
      return did;
    }
  }
}
