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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * The application's HTTP edge, over real HTTP: what a browser, curl or a broken client sends (a bare
 * {@code %}, an icon request, bad parameters, requests Jetty refuses before any resource) and the
 * OpenAPI description every client reads.
 */
@ExtendWith(SeededDay.class)
@UsesStore
class HttpEdgeTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aSampleGivenAsABarePercentageIsTheSampleOfThatFraction() throws Exception {
    String meme = RawMemes.of(SharedData.DAY_2013).mostFrequent("#", 1).get(0);
    List<String> fraction = text(query("get-tweets-with-meme").queryParam("memes", meme).queryParam("start", "2013-08-10")
        .queryParam("end", "2013-08-10").queryParam("sample", "0.5").queryParam("format", "ids"), "text/plain");
    // as a browser's address bar or curl sends it: the '%' not escaped
    java.net.HttpURLConnection bare = (java.net.HttpURLConnection) new java.net.URL("http://localhost:"
        + SeededDay.port() + "/queries/get-tweets-with-meme?memes=" + meme.replace("#", "%23")
        + "&start=2013-08-10&end=2013-08-10&sample=50%&format=ids").openConnection();
    try {
      assertThat(bare.getResponseCode()).isEqualTo(200);
      try (java.io.InputStream body = bare.getInputStream()) {
        assertThat(new String(body.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList())
            .isEqualTo(fraction).isNotEmpty();
      }
    } finally {
      bare.disconnect();
    }
  }

  @Test
  void theBrowsersAskForAnIconIsAnswered() throws Exception {
    try (Response icon = SeededDay.target("/favicon.ico").request().get()) {
      assertThat(icon.getStatus()).isEqualTo(200);
      assertThat(icon.getMediaType().toString()).isEqualTo("image/svg+xml");
      assertThat(icon.readEntity(String.class)).startsWith("<svg");
    }
  }

  @Test
  void badParametersGet400WithAMessage() throws Exception {
    Map<WebTarget, String> cases = Map.ofEntries(
        Map.entry(query("timestamp-count").queryParam("memes", "#a").queryParam("start", "2013-08-10")
            .queryParam("end", "2013-08-10").queryParam("granularity", "week"), "granularity"),
        Map.entry(query("meme-post-count").queryParam("memes", "#e*").queryParam("start", "2013-08-10")
            .queryParam("end", "2013-08-10"), "at least 2 characters"),
        Map.entry(query("no-such-query").queryParam("memes", "#a"), "unknown query"),
        Map.entry(query("get-tweets-with-meme").queryParam("memes", "#a").queryParam("start", "2013-08-10")
            .queryParam("end", "2013-08-10").queryParam("fields", "everything"), "unknown field"),
        Map.entry(query("get-tweets-with-text").queryParam("words", "the and of").queryParam("start", "2013-08-10")
            .queryParam("end", "2013-08-10"), "no searchable word"),
        Map.entry(query("get-retweets").queryParam("id", "abc").queryParam("start", "2013-08-10")
            .queryParam("end", "2013-08-10"), "must be a tweet id"),
        Map.entry(query("meme-post-count").queryParam("start", "2013-08-10").queryParam("end", "2013-08-10"), "missing parameter 'memes'"),
        Map.entry(query("meme-post-count").queryParam("memes", "euro").queryParam("start", "2013-08-10").queryParam("end", "2013-08-10"), "not a meme"),
        Map.entry(query("meme-post-count").queryParam("memes", "#a").queryParam("start", "2013-08-10").queryParam("end", "2013-08-01"), "before start"),
        Map.entry(query("meme-post-count").queryParam("memes", "#a").queryParam("start", "yesterday").queryParam("end", "2013-08-01"), "ISO-8601"),
        Map.entry(query("timestamp-count").queryParam("memes", "#a").queryParam("start", "1990-01-01").queryParam("end", "2013-08-01"), "maximum"),
        Map.entry(query("meme-post-count").queryParam("memes", "#a").queryParam("end", "2013-08-01"), "missing parameter 'start'"),
        Map.entry(query("meme-post-count").queryParam("memes", "#a").queryParam("start", "2013-08-10")
            .queryParam("end", "2013-08-10").queryParam("format", "xlsx"), "format must be"),
        Map.entry(query("meme-post-count").queryParam("memes", "#a").queryParam("start", "2013-08-10")
            .queryParam("end", "2013-08-10").queryParam("format", "graphml"), "graphml is for the edge queries"));
    for (Map.Entry<WebTarget, String> c : cases.entrySet()) {
      try (Response response = c.getKey().request().get()) {
        assertThat(response.getStatus()).as(c.getKey().getUri().toString()).isEqualTo(400);
        JsonNode error = JSON.readTree(response.readEntity(String.class));
        assertThat(error.get("message").asText()).as(c.getKey().getUri().toString()).contains(c.getValue());
      }
    }
  }

  @Test
  void requestsTheServerRefusesBeforeAnyResourceAnswerInJsonToo() throws Exception {
    String day = "&start=2013-08-10&end=2013-08-10";
    Map<String, Integer> cases = Map.of(
        "GET /queries/meme-post-count?memes=%23mtv%zzhottest" + day + " HTTP/1.1\r\n", 400,
        "GET /queries/meme-post-count?memes=%23" + "a".repeat(20_000) + day + " HTTP/1.1\r\n", 414,
        "GET /queries/meme-post-count?memes=%23a" + day + " HTTP/1.1\r\nX-Big: " + "b".repeat(20_000) + "\r\n", 431);
    for (Map.Entry<String, Integer> c : cases.entrySet()) {
      String response = raw(c.getKey());
      String what = c.getKey().substring(0, 60);
      assertThat(response).as(what).startsWith("HTTP/1.1 " + c.getValue());
      assertThat(response).as(what).containsIgnoringCase("content-type: application/json");
      JsonNode error = JSON.readTree(response.substring(response.indexOf("\r\n\r\n") + 4));
      assertThat(error.get("code").asInt()).as(what).isEqualTo(c.getValue());
      assertThat(error.get("message").asText()).as(what).isNotBlank();
    }
  }

  @Test
  void describesItselfInOpenApi() throws Exception {
    JsonNode api = ok(SeededDay.target("/openapi.json"));

    JsonNode paths = api.get("paths");
    assertThat(paths.has("/queries/{query}")).as(paths.toString()).isTrue();
    assertThat(paths.get("/jobs/{query}").has("post")).isTrue();
    assertThat(paths.get("/jobs/{id}").has("get")).isTrue();
    assertThat(paths.get("/jobs/{id}").has("delete")).isTrue();
    assertThat(paths.get("/jobs/{id}/results").has("get")).isTrue();
    assertThat(paths.get("/months").has("get")).isTrue();
    assertThat(paths.get("/indexes").has("get")).isTrue();
    JsonNode again = ok(SeededDay.target("/openapi.json"));
    for (JsonNode operation : List.of(paths.get("/queries/{query}").get("get"), paths.get("/jobs/{query}").get("post"),
        again.get("paths").get("/queries/{query}").get("get"))) {
      Map<String, JsonNode> parameters = new java.util.LinkedHashMap<>();
      operation.get("parameters").forEach(p -> assertThat(parameters.put(p.get("name").asText(), p)).as("listed once").isNull());
      assertThat(parameters).containsKey("query");
      for (org.observatory.api.query.catalogue.QueryParameter declared : org.observatory.api.query.catalogue.QueryParameter.values()) {
        JsonNode listed = parameters.get(declared.apiName());
        assertThat(listed).as(declared.apiName()).isNotNull();
        assertThat(listed.get("in").asText()).isEqualTo("query");
        assertThat(listed.get("description").asText()).isEqualTo(declared.description());
        assertThat(listed.path("required").asBoolean()).isEqualTo(declared.required());
      }
    }
    assertThat(api.get("info").get("title").asText()).isEqualTo("Observatory");
  }

  /** A request as bytes on a socket: the client libraries refuse to send what these tests need. */
  private static String raw(String requestLineAndHeaders) throws IOException {
    try (java.net.Socket socket = new java.net.Socket("localhost", SeededDay.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write((requestLineAndHeaders + "Host: localhost\r\nConnection: close\r\n\r\n")
          .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
      return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
  }
}
