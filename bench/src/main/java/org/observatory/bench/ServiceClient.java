package org.observatory.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

/** Queries the running service over HTTP, as an analyst's client does, and times each answer. */
public final class ServiceClient {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http = HttpClient.newHttpClient();
  private final String url;

  public ServiceClient(String url) {
    this.url = url;
  }

  /**
   * One answer: its time over HTTP, its body (null for the streamed {@code get-} queries), its size
   * (counts, rows or tweets), the tweets phase 1 found and the evaluation used.
   */
  public record Answer(double millis, JsonNode body, int size, long phase1Tweets, String evaluation,
      JsonNode coordination) {}

  /** A query for a meme over [start, end). */
  public Answer ask(String query, String meme, Instant start, Instant end) throws Exception {
    return ask(query, meme, start, end, "");
  }

  /** coordinated-accounts for a meme over [start, end) by one trace, at the query's defaults otherwise. */
  public Answer coordinated(String meme, Instant start, Instant end, String trace) throws Exception {
    return ask("coordinated-accounts", meme, start, end, "&trace=" + trace);
  }

  private Answer ask(String query, String meme, Instant start, Instant end, String more) throws Exception {
    URI uri = URI.create(url + "/queries/" + query + "?memes=" + URLEncoder.encode(meme, StandardCharsets.UTF_8)
        + "&start=" + start + "&end=" + end.minusMillis(1) + more); // the API's end is the last instant included
    long began = System.nanoTime();
    HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(10)).build(),
        HttpResponse.BodyHandlers.ofByteArray());
    double millis = (System.nanoTime() - began) / 1e6;
    if (response.statusCode() != 200) {
      throw new IllegalStateException(uri + " answered " + response.statusCode() + ": "
          + new String(response.body(), StandardCharsets.UTF_8));
    }
    if (query.startsWith("get-")) {
      int lines = 0;
      for (byte b : response.body()) {
        lines += b == '\n' ? 1 : 0;
      }
      long phase1 = Long.parseLong(response.headers().firstValue("X-Observatory-Tweets").orElse("-1"));
      return new Answer(millis, null, lines, phase1, "index+fetch (streamed)", null);
    }
    JsonNode body = JSON.readTree(response.body());
    JsonNode result = body.has("counts") ? body.get("counts") : body.get("rows");
    JsonNode meta = body.get("meta");
    return new Answer(millis, result, result.size(), meta.get("phase1Tweets").asLong(),
        meta.get("evaluation").asText(), body.get("coordination"));
  }
}
