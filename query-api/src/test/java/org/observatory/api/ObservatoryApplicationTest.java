package org.observatory.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.observatory.api.SeededDay.ok;
import static org.observatory.api.SeededDay.query;
import static org.observatory.api.SeededDay.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.client.WebTarget;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * The whole application over HTTP on the embedded default: a real HBase in the JVM, seeded at start-up
 * with a real day of tweets, answering queries that are checked against the raw file.
 */
@ExtendWith(SeededDay.class)
@UsesStore
class ObservatoryApplicationTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void answersMemePostCountFromTheSeededDay() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    List<String> memes = raw.mostFrequent("#", 3);

    JsonNode body = ok(query("meme-post-count").queryParam("memes", String.join(",", memes))
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10"));

    long start = LocalDate.parse("2013-08-10").atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
    for (String meme : memes) {
      assertThat(body.get("counts").get(meme).asLong()).as(meme).isEqualTo(raw.count(meme, start, start + 86_400_000L));
    }
    assertThat(body.get("start").asText()).isEqualTo("2013-08-10T00:00:00Z");
    assertThat(body.get("meta").get("evaluation").asText()).isEqualTo("index-only");
  }

  @Test
  void answersTimestampCountPerDay() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    String meme = raw.mostFrequent("#", 1).get(0);

    JsonNode body = ok(query("timestamp-count").queryParam("memes", meme)
        .queryParam("start", "2013-08-09").queryParam("end", "2013-08-10T23:59:59Z"));

    long day = LocalDate.parse("2013-08-10").atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
    assertThat(body.get("counts").get("2013-08-10").asLong()).isEqualTo(raw.count(meme, day, day + 86_400_000L));
    assertThat(body.get("counts").get("2013-08-09").asLong()).isEqualTo(raw.count(meme, day - 86_400_000L, day));
  }

  @Test
  void answersRetweetEdgesAsRowsFromFetchedTweets() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    String meme = raw.mostFrequent("#", 1).get(0);
    long day = LocalDate.parse("2013-08-10").atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
    long retweets = raw.tweets().stream()
        .filter(t -> t.createdAt() >= day && t.createdAt() < day + 86_400_000L && t.memes().contains(meme))
        .filter(t -> t.retweetOfUserId() != 0).count();

    JsonNode body = ok(query("retweet-edges").queryParam("memes", meme)
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10"));

    long weight = 0;
    for (JsonNode row : body.get("rows")) {
      assertThat(row.has("source") && row.has("target")).isTrue();
      weight += row.get("weight").asLong();
    }
    assertThat(weight).isEqualTo(retweets).isPositive();
    assertThat(body.get("meta").get("evaluation").asText()).isEqualTo("index-only"); // the cells carry both ends
    assertThat(body.has("counts")).isFalse();
  }

  @Test
  void givesCountsAsTsvAndRowsAsCsvWithTheSameContentAsJson() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    List<String> memes = raw.mostFrequent("#", 3);
    long day = LocalDate.parse("2013-08-10").atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
    WebTarget counts = query("meme-post-count").queryParam("memes", String.join(",", memes))
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10");
    WebTarget users = query("user-post-count").queryParam("memes", String.join(",", memes))
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10");

    List<String> tsv = text(counts.queryParam("format", "tsv"), "text/tab-separated-values");
    List<String> csv = text(users.queryParam("format", "csv"), "text/csv");

    assertThat(tsv.get(0)).isEqualTo("meme\tcount");
    assertThat(tsv).hasSize(memes.size() + 1);
    for (String line : tsv.subList(1, tsv.size())) {
      String[] cells = line.split("\t");
      assertThat(Long.parseLong(cells[1])).as(cells[0]).isEqualTo(raw.count(cells[0], day, day + 86_400_000L));
    }
    JsonNode rows = ok(users).get("rows");
    assertThat(csv.get(0)).isEqualTo("userId,screenName,count");
    assertThat(csv).hasSize(rows.size() + 1);
    for (int i = 0; i < rows.size(); i++) {
      JsonNode row = rows.get(i);
      assertThat(csv.get(i + 1)).isEqualTo(row.get("userId").asText() + "," + row.get("screenName").asText() + ","
          + row.get("count").asText());
    }
  }

  @Test
  void givesEdgesAsGraphmlThatHoldsEveryWeightedEdge() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    String meme = raw.mostFrequent("#", 1).get(0);
    WebTarget edges = query("mention-edges").queryParam("memes", meme)
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10");
    JsonNode rows = ok(edges).get("rows");

    String graphml = String.join("\n", text(edges.queryParam("format", "graphml"), "application/graphml+xml"));

    org.w3c.dom.Document doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new java.io.ByteArrayInputStream(graphml.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    org.w3c.dom.NodeList found = doc.getElementsByTagName("edge");
    assertThat(found.getLength()).isEqualTo(rows.size()).isPositive();
    for (int i = 0; i < rows.size(); i++) {
      org.w3c.dom.Element edge = (org.w3c.dom.Element) found.item(i);
      assertThat(edge.getAttribute("source")).isEqualTo(rows.get(i).get("source").asText());
      assertThat(edge.getAttribute("target")).isEqualTo(rows.get(i).get("target").asText());
      assertThat(edge.getTextContent()).isEqualTo(rows.get(i).get("weight").asText());
    }
    java.util.Set<String> ends = new java.util.HashSet<>();
    rows.forEach(r -> ends.addAll(List.of(r.get("source").asText(), r.get("target").asText())));
    assertThat(doc.getElementsByTagName("node").getLength()).isEqualTo(ends.size());
    org.w3c.dom.Element firstNode = (org.w3c.dom.Element) doc.getElementsByTagName("node").item(0);
    assertThat(firstNode.getAttribute("id")).isEqualTo(rows.get(0).get("source").asText());
    assertThat(firstNode.getTextContent()).as("a node's name").isEqualTo(rows.get(0).get("sourceName").asText());
  }

  @Test
  void aJobAnswersInTheBackgroundWhatTheQueryAnswersAtOnce() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    String memes = String.join(",", raw.mostFrequent("#", 3));
    WebTarget edges = query("retweet-edges").queryParam("memes", memes)
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10");
    WebTarget tweets = query("get-tweets-with-meme").queryParam("memes", memes)
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10").queryParam("fields", "screenName,hashtags");

    JsonNode edgeJob = awaitSucceeded(submit(jobs("retweet-edges").queryParam("memes", memes)
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10")));
    JsonNode tweetJob = awaitSucceeded(submit(jobs("get-tweets-with-meme").queryParam("memes", memes)
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10").queryParam("fields", "screenName,hashtags")));

    WebTarget edgeResults = jobs(edgeJob.get("id").asText() + "/results");
    assertThat(ok(edgeResults).get("rows")).isEqualTo(ok(edges).get("rows")).isNotEmpty();
    for (Map.Entry<String, String> format : Map.of("graphml", "application/graphml+xml", "gexf",
        "application/gexf+xml", "csv", "text/csv", "tsv", "text/tab-separated-values").entrySet()) {
      assertThat(text(edgeResults.queryParam("format", format.getKey()), format.getValue())).as(format.getKey())
          .isEqualTo(text(edges.queryParam("format", format.getKey()), format.getValue()));
    }
    assertThat(edgeJob.get("meta").get("evaluation").asText()).isEqualTo("index-only");
    List<String> lines = text(jobs(tweetJob.get("id").asText() + "/results"), "application/x-ndjson");
    assertThat(lines).isEqualTo(text(tweets, "application/x-ndjson")).isNotEmpty();
    assertThat(tweetJob.get("lines").asLong()).isEqualTo(lines.size());
    assertThat(ok(jobs("")).toString()).contains(edgeJob.get("id").asText(), tweetJob.get("id").asText());

    try (Response deleted = jobs(edgeJob.get("id").asText()).request().delete()) {
      assertThat(deleted.getStatus()).isEqualTo(204);
    }
    try (Response gone = jobs(edgeJob.get("id").asText()).request().get()) {
      assertThat(gone.getStatus()).isEqualTo(404);
    }
  }

  @Test
  void answersSeveralQueriesAtOnceAsItAnswersThemOneByOne() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    List<String> memes = raw.mostFrequent("#", 4);
    List<WebTarget> asked = new java.util.ArrayList<>();
    for (String query : List.of("meme-post-count", "timestamp-count", "user-post-count", "meme-cooccurrence-count",
        "retweet-edges", "mention-edges")) {
      for (String meme : memes) {
        asked.add(query(query).queryParam("memes", meme).queryParam("start", "2013-08-09").queryParam("end", "2013-08-10"));
      }
    }
    Map<WebTarget, String> oneByOne = new java.util.HashMap<>();
    for (WebTarget target : asked) {
      oneByOne.put(target, withoutTiming(ok(target)));
    }

    java.util.concurrent.ExecutorService clients = java.util.concurrent.Executors.newFixedThreadPool(8);
    try {
      List<java.util.concurrent.Future<String>> atOnce = new java.util.ArrayList<>();
      for (WebTarget target : asked) {
        atOnce.add(clients.submit(() -> withoutTiming(ok(target))));
      }
      for (int i = 0; i < asked.size(); i++) {
        assertThat(atOnce.get(i).get()).as(asked.get(i).getUri().toString()).isEqualTo(oneByOne.get(asked.get(i)));
      }
    } finally {
      clients.shutdownNow();
    }
  }

  /** The answer without the time it took, which differs from run to run. */
  private static String withoutTiming(JsonNode answer) {
    ((com.fasterxml.jackson.databind.node.ObjectNode) answer.get("meta")).remove("millis");
    return answer.toString();
  }

  @Test
  void aJobWithBadParametersIsRefusedAtOnce() throws Exception {
    try (Response response = jobs("meme-post-count").queryParam("memes", "euro").queryParam("start", "2013-08-10")
        .queryParam("end", "2013-08-10").request().post(jakarta.ws.rs.client.Entity.text(""))) {
      assertThat(response.getStatus()).isEqualTo(400);
      assertThat(response.readEntity(String.class)).contains("not a meme");
    }
    try (Response response = jobs("no-such-job/results").request().get()) {
      assertThat(response.getStatus()).isEqualTo(404);
    }
  }

  @Test
  void streamsTheTweetsOfALookupAsNdjson() throws Exception {
    RawMemes raw = RawMemes.of(SharedData.DAY_2013);
    String meme = raw.mostFrequent("#", 1).get(0);
    long day = LocalDate.parse("2013-08-10").atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();

    try (Response response = query("get-tweets-with-meme").queryParam("memes", meme).queryParam("start", "2013-08-10")
        .queryParam("end", "2013-08-10").queryParam("fields", "screenName").request().get()) {
      List<String> lines = response.readEntity(String.class).lines().toList();

      assertThat(response.getStatus()).isEqualTo(200);
      assertThat(response.getMediaType().toString()).isEqualTo("application/x-ndjson");
      assertThat(lines).hasSize(Integer.parseInt(response.getHeaderString("X-Observatory-Tweets")));
      assertThat((long) lines.size()).isEqualTo(raw.count(meme, day, day + 86_400_000L));
      assertThat(JSON.readTree(lines.get(0)).has("screenName")).isTrue();
    }
  }

  @Test
  void givesTypedEdgesAsADynamicGexfThatGephisTimelinePlays() throws Exception {
    String memes = String.join(",", RawMemes.of(SharedData.DAY_2013).mostFrequent("#", 3));
    WebTarget edges = query("diffusion-edges").queryParam("memes", memes)
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10").queryParam("limit", "50");
    JsonNode answer = ok(edges);
    JsonNode rows = answer.get("rows");

    String gexf = String.join("\n", text(edges.queryParam("format", "gexf"), "application/gexf+xml"));

    org.w3c.dom.Document doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new java.io.ByteArrayInputStream(gexf.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    org.w3c.dom.Element graph = (org.w3c.dom.Element) doc.getElementsByTagName("graph").item(0);
    assertThat(graph.getAttribute("mode")).isEqualTo("dynamic");
    assertThat(graph.getAttribute("timeformat")).isEqualTo("datetime");
    org.w3c.dom.NodeList found = doc.getElementsByTagName("edge");
    assertThat(found.getLength()).isEqualTo(rows.size()).isPositive();
    for (int i = 0; i < rows.size(); i++) {
      org.w3c.dom.Element edge = (org.w3c.dom.Element) found.item(i);
      assertThat(edge.getAttribute("source")).isEqualTo(rows.get(i).get("source").asText());
      assertThat(edge.getAttribute("weight")).isEqualTo(rows.get(i).get("weight").asText());
      assertThat(edge.getAttribute("start")).isEqualTo(rows.get(i).get("first").asText());
      assertThat(edge.getAttribute("end")).isEqualTo(rows.get(i).get("last").asText());
      assertThat(((org.w3c.dom.Element) edge.getElementsByTagName("attvalue").item(0)).getAttribute("value"))
          .isEqualTo(rows.get(i).get("type").asText());
    }
    assertThat(answer.get("meta").has("cuts")).isEqualTo(rows.size() == 50);
    assertThat(text(edges.queryParam("format", "csv"), "text/csv").get(0))
        .isEqualTo("source,target,type,weight,sourceName,targetName,first,last,tweets");
  }

  @Test
  void exportsASampleOfIdsAtOnceAndAsAJobAlike() throws Exception {
    String meme = RawMemes.of(SharedData.DAY_2013).mostFrequent("#", 1).get(0);
    WebTarget sample = query("get-tweets-with-meme").queryParam("memes", meme).queryParam("start", "2013-08-10")
        .queryParam("end", "2013-08-10").queryParam("sample", "0.5").queryParam("format", "ids");

    List<String> ids = text(sample, "text/plain");
    JsonNode job = awaitSucceeded(submit(jobs("get-tweets-with-meme").queryParam("memes", meme)
        .queryParam("start", "2013-08-10").queryParam("end", "2013-08-10").queryParam("sample", "0.5")
        .queryParam("format", "ids")));

    assertThat(ids).isNotEmpty().allMatch(line -> line.matches("[0-9]+"));
    assertThat(text(jobs(job.get("id").asText() + "/results"), "text/plain")).isEqualTo(ids);
    try (Response other = jobs(job.get("id").asText() + "/results").queryParam("format", "ndjson").request().get()) {
      assertThat(other.getStatus()).isEqualTo(400);
      assertThat(other.readEntity(String.class)).contains("wrote its tweets as ids");
    }
    assertThat(text(query("get-tweets-with-meme").queryParam("memes", meme).queryParam("start", "2013-08-10")
        .queryParam("end", "2013-08-10").queryParam("format", "csv"), "text/csv").get(0)).startsWith("id,created_at,");
  }

  @Test
  void answersTopMemesWithoutAMemeNamed() throws Exception {
    JsonNode top = ok(query("top-memes").queryParam("start", "2013-08-10").queryParam("end", "2013-08-10")
        .queryParam("limit", "1"));

    assertThat(top.get("rows").get(0).get("key").asText())
        .isEqualTo(RawMemes.of(SharedData.DAY_2013).mostFrequent("#", 1).get(0));
  }

  @Test
  void listsTheMonthsThatHaveTablesAndReportsHealthy() throws Exception {
    JsonNode months = ok(SeededDay.target("/months"));
    assertThat(months.has("2013-08")).isTrue();
    assertThat(months.get("2013-08").toString()).contains("observatory:tweets-2013-08", "observatory:index-meme-2013-08");

    JsonNode regions = ok(SeededDay.target("/months/2013-08/regions"));
    JsonNode tweetRegions = regions.get("observatory:tweets-2013-08");
    assertThat(tweetRegions).as(regions.toString()).isNotEmpty();
    assertThat(tweetRegions.get(0).get("server").asText()).as("the embedded region server").contains(":");
    for (String month : List.of("2013-13", "1999-01")) {
      try (Response response = SeededDay.target("/months/" + month + "/regions")
          .request().get()) {
        String body = response.readEntity(String.class);
        assertThat(response.getStatus()).as(body).isEqualTo(month.equals("2013-13") ? 400 : 404);
        assertThat(body).contains("\"message\"", month);
      }
    }

    JsonNode indexes = ok(SeededDay.target("/indexes"));
    JsonNode meme = null;
    for (JsonNode entry : indexes) {
      if (entry.get("index").asText().equals("meme") && entry.get("month").asText().equals("2013-08")) {
        meme = entry;
      }
    }
    assertThat(meme).as(indexes.toString()).isNotNull();
    assertThat(meme.get("table").asText()).isEqualTo("observatory:index-meme-2013-08");
    assertThat(meme.get("builtBy").asText()).isEqualTo("load");
    assertThat(meme.get("userIds").asBoolean()).isTrue();
    assertThat(meme.hasNonNull("problem")).as("queries use it").isFalse();
    assertThat(meme.get("definitions").get(0).get("value").asText()).isEqualTo("user.id");

    JsonNode health = ok(SeededDay.admin("/healthcheck"));
    assertThat(health.get("hbase").get("healthy").asBoolean()).isTrue();
  }

  private static WebTarget jobs(String path) {
    return SeededDay.target("/jobs/" + path);
  }

  /** Submits a job: 202, with where to find it. */
  private static JsonNode submit(WebTarget target) throws IOException {
    try (Response response = target.request().post(jakarta.ws.rs.client.Entity.text(""))) {
      String body = response.readEntity(String.class);
      assertThat(response.getStatus()).as(body).isEqualTo(202);
      JsonNode job = JSON.readTree(body);
      assertThat(response.getLocation().getPath()).isEqualTo("/jobs/" + job.get("id").asText());
      assertThat(response.getHeaderString("Location")).as("relative: no Host header echoed")
          .isEqualTo("/jobs/" + job.get("id").asText());
      return job;
    }
  }

  private static JsonNode awaitSucceeded(JsonNode job) throws Exception {
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (System.nanoTime() < deadline) {
      JsonNode now = ok(jobs(job.get("id").asText()));
      if (!now.get("state").asText().equals("QUEUED") && !now.get("state").asText().equals("RUNNING")) {
        assertThat(now.get("state").asText()).as(now.toString()).isEqualTo("SUCCEEDED");
        return now;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("job did not finish: " + job);
  }
}
