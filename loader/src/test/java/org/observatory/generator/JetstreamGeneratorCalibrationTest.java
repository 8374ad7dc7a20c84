package org.observatory.generator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.schemas.bluesky.JetstreamEvent;
import org.observatory.schemas.bluesky.JetstreamParser;
import org.observatory.schemas.bluesky.PostRecord;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;

/**
 * A generated hour of Jetstream held to the real window in {@code ../shared/data/bluesky}: the shares of
 * each collection, of replies, facets and embeds among posts, and the bytes an event and a post take.
 * The real window is small (152 events, 17 posts), so the bounds are as wide as its sampling error.
 */
class JetstreamGeneratorCalibrationTest {
  @Test
  void aGeneratedHourLooksLikeTheRealWindow(@TempDir Path dir) throws Exception {
    JetstreamGenerator.Summary summary = JetstreamGenerator.write(
        new JetstreamGenerator.Settings(2026, Instant.parse("2026-07-04T14:00:00Z"), 1, 10, 20_000), dir);
    List<JsonNode> generated = new ArrayList<>();
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(summary.files().get(0))), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        JetstreamEvent event = JetstreamParser.parse(line); // every line a well-formed event
        if (event instanceof JetstreamEvent.Commit c && c.collection().equals("app.bsky.feed.post") && !c.isDelete()) {
          PostRecord.of(c.record()); // every facet in place
        }
        generated.add(Json.tree(line));
      }
    }
    List<JsonNode> real = SharedData.blueskyLines(SharedData.JETSTREAM_WINDOW).stream().map(Json::tree).toList();

    assertThat(generated.size()).isBetween(30_000, 42_000);
    for (String collection : List.of("app.bsky.feed.like", "app.bsky.feed.post", "app.bsky.feed.repost")) {
      assertThat(share(generated, created(collection))).as(collection).isCloseTo(share(real, created(collection)), within(0.06));
    }
    List<JsonNode> posts = generated.stream().filter(created("app.bsky.feed.post")).toList();
    List<JsonNode> realPosts = real.stream().filter(created("app.bsky.feed.post")).toList();
    for (String field : List.of("reply", "facets", "embed")) {
      assertThat(share(posts, e -> e.path("commit").path("record").has(field))).as(field)
          .isCloseTo(share(realPosts, e -> e.path("commit").path("record").has(field)), within(0.2));
    }
    assertThat(meanBytes(generated)).as("bytes an event").isCloseTo(meanBytes(real), within(meanBytes(real) * 0.25));
    assertThat(meanBytes(posts)).as("bytes a post").isCloseTo(meanBytes(realPosts), within(meanBytes(realPosts) * 0.3));
  }

  private static Predicate<JsonNode> created(String collection) {
    return e -> e.path("commit").path("collection").asText().equals(collection)
        && e.path("commit").path("operation").asText().equals("create");
  }

  private static double share(List<JsonNode> events, Predicate<JsonNode> which) {
    return events.stream().filter(which).count() / (double) events.size();
  }

  private static double meanBytes(List<JsonNode> events) {
    return events.stream().mapToInt(e -> e.toString().getBytes(StandardCharsets.UTF_8).length).average().orElse(0);
  }
}
