package org.observatory.api.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.reset;
import static org.mockito.Mockito.spy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import io.dropwizard.testing.junit5.ResourceExtension;
import jakarta.ws.rs.client.WebTarget;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.observatory.api.query.QueryTimeoutException;
import org.observatory.api.query.catalogue.QueryKind;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.query.engine.NoCounts;
import org.observatory.api.query.engine.QueryEngine;
import org.observatory.api.query.engine.QueryEngines;
import org.observatory.api.security.AccessSettings;
import org.observatory.api.security.Caller;
import org.observatory.api.security.FairUse;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Platform;

/**
 * Every refusal {@code GET /queries} gives, over HTTP to the real resource and error mappers; the
 * engine parses for real, and its evaluation is replaced where a failure cannot be provoked here.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class QueryResourceTest {
  private static final ObjectMapper JSON = Jackson.newObjectMapper();
  private static final QuerySettings ONE_AT_A_TIME = settings("{\"maxConcurrentQueries\":1}");
  private static final QueryEngine ENGINE = spy(new QueryEngine(IndexSpec.defaults(), ONE_AT_A_TIME, null, null,
      null, (query, asked, tweets, progress) -> Map.of()));
  private static final ResourceExtension RESOURCES = ResourceExtension.builder()
      .addResource(new QueryResource(new QueryEngines(Map.of(Platform.TWITTER, ENGINE)), ONE_AT_A_TIME, new FairUse(new AccessSettings()), JSON))
      .addProvider(AsCaller.providers(Caller.LOCAL)[0])
      .addProvider(AsCaller.providers(Caller.LOCAL)[1])
      .addProvider(new ErrorMappers.BadQuery())
      .addProvider(new ErrorMappers.Overloaded())
      .addProvider(new ErrorMappers.TimedOut())
      .addProvider(new ErrorMappers.StoreUnavailable())
      .build();

  @AfterEach
  void forgetTheStubs() {
    reset(ENGINE);
  }

  @Test
  void badRequestsAre400sThatSayWhatIsWrong() throws Exception {
    Map<WebTarget, String> cases = Map.ofEntries(
        Map.entry(query("meme-count", "memes", "#a"), "unknown query 'meme-count'"),
        Map.entry(query("meme-post-count", "memes", "euro"), "not a meme"),
        Map.entry(query("meme-post-count", "memes", "#a", "start", "10/08/2013"), "ISO-8601"),
        Map.entry(query("meme-post-count", "format", "xml"), "format must be json, csv, tsv, graphml"),
        Map.entry(query("meme-post-count", "format", "ndjson"), "ndjson is for the tweet lookups"),
        Map.entry(query("get-tweets-with-meme", "format", "graphml"), "come as ndjson (the default), ids or csv"),
        Map.entry(query("get-tweets-with-meme", "format", "csv", "fields", "userId"), "leave fields out"),
        Map.entry(query("get-tweets-with-meme", "sample", "5"), "sample must be a fraction"),
        Map.entry(query("meme-post-count", "format", "ids"), "ids is for the tweet lookups"),
        Map.entry(query("get-retweets", "start", "2013-08-10"), "missing parameter 'id'"),
        Map.entry(query("user-post-count", "format", "graphml"), "graphml is for the edge queries"),
        Map.entry(query("timestamp-count", "granularity", "week"), "granularity"),
        Map.entry(query("get-retweets", "id", "12x"), "must be a tweet id"),
        Map.entry(query("get-tweets-with-text", "words", "the of and"), "no searchable word"),
        Map.entry(query("get-tweets-with-user", "user", "not a name!"), "neither a user id nor a screen name"),
        Map.entry(query("user-activity", "user", "9223372036854775808"), "user id out of range"),
        Map.entry(query("get-tweets-with-user", "user", "\uFF11\uFF12"), "neither a user id nor a screen name"),
        Map.entry(query("get-tweets-with-meme", "fields", "userId,nope"), "unknown field 'nope'"),
        Map.entry(query("meme-post-count", "memes", "#mtv\uFFFDhottest"), "not UTF-8"));
    for (Map.Entry<WebTarget, String> c : cases.entrySet()) {
      try (Response response = c.getKey().request().get()) {
        assertThat(response.getStatus()).as(c.getKey().getUri().toString()).isEqualTo(400);
        assertThat(message(response)).as(c.getKey().getUri().toString()).contains(c.getValue());
      }
    }
  }

  @Test
  void aParameterGivenTwiceIsA400NotAGuess() throws Exception {
    try (Response twice = query("meme-post-count").queryParam("memes", "#b").request().get();
        Response format = query("retweet-edges", "format", "csv").queryParam("format", "json").request().get()) {
      assertThat(twice.getStatus()).isEqualTo(400);
      assertThat(message(twice)).contains("parameter 'memes' is given 2 times");
      assertThat(format.getStatus()).isEqualTo(400);
      assertThat(message(format)).contains("parameter 'format' is given 2 times");
    }
  }

  @Test
  void aBadPercentEscapeIsA400NotAnAnswerToAnotherQuestion() throws Exception {
    for (String memes : new String[] {"%23mtv%E2hottest", "%23mtv%C3%28hottest"}) { // bytes that are not UTF-8
      String uri = RESOURCES.target("/queries/meme-post-count").getUri() + "?memes=" + memes
          + "&start=2013-08-10&end=2013-08-10";
      try (Response response = RESOURCES.client().target(uri).request().get()) {
        assertThat(response.getStatus()).as(memes).isEqualTo(400);
        assertThat(message(response)).as(memes).containsIgnoringCase("escape");
      }
    }
  }

  @Test
  void listsTheCatalogue() throws Exception {
    JsonNode catalogue = JSON.readTree(RESOURCES.target("/queries").request().get(String.class));

    assertThat(catalogue).hasSize(QueryKind.values().length);
    JsonNode retweets = catalogue.get(QueryKind.RETWEET_EDGES.ordinal());
    assertThat(retweets.get("name").asText()).isEqualTo("retweet-edges");
    assertThat(retweets.get("answer").asText()).isEqualTo("edges");
    assertThat(retweets.get("columns").toString())
        .isEqualTo("[\"source\",\"target\",\"weight\",\"sourceName\",\"targetName\"]");
    assertThat(catalogue.get(QueryKind.GET_RETWEETS.ordinal()).get("parameters").toString()).contains("\"id\"");
    assertThat(retweets.get("directed").asBoolean()).isTrue();
    assertThat(catalogue.get(QueryKind.MEME_NETWORK.ordinal()).get("directed").asBoolean()).isFalse();
    assertThat(catalogue.get(QueryKind.MEME_POST_COUNT.ordinal()).has("directed")).as("not a graph").isFalse();
  }

  @Test
  void aQueryPastItsTimeLimitIsA503ThatSaysSo() throws Exception {
    doThrow(new QueryTimeoutException("the index scans did not finish within the query timeout"))
        .when(ENGINE).gather(any(), any());

    try (Response response = query("meme-post-count").request().get()) {
      assertThat(response.getStatus()).isEqualTo(503);
      assertThat(message(response)).contains("did not finish within the query timeout").doesNotContain("store");
    }
  }

  @Test
  void anUnreachableStoreIsA503ThatSaysSo() throws Exception {
    doThrow(new IOException("Connection refused")).when(ENGINE).gather(any(), any());

    try (Response response = query("retweet-edges").request().get()) {
      assertThat(response.getStatus()).isEqualTo(503);
      assertThat(message(response)).isEqualTo("the store could not answer: Connection refused");
    }
  }

  @Test
  void aFullServiceRefusesWithA503AndRetryAfterThenAnswersAgain() throws Exception {
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    doAnswer(invocation -> {
      inside.countDown();
      release.await(30, TimeUnit.SECONDS);
      return NoCounts.of(invocation.getArgument(0));
    }).when(ENGINE).gather(any(), any());
    CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> {
      try (Response response = query("meme-post-count").request().get()) {
        return response.getStatus();
      }
    });
    assertThat(inside.await(30, TimeUnit.SECONDS)).isTrue();

    try (Response refused = query("timestamp-count").request().get()) {
      assertThat(refused.getStatus()).isEqualTo(503);
      assertThat(refused.getHeaderString("Retry-After")).isEqualTo("1");
      assertThat(message(refused)).contains("queries are running");
    }
    release.countDown();
    assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo(200);
    try (Response again = query("meme-post-count").request().get()) {
      assertThat(again.getStatus()).isEqualTo(200);
    }
  }

  /** The query over #a on one day, with any of those parameters given otherwise and others added. */
  private static WebTarget query(String name, String... namesAndValues) {
    Map<String, String> given = new java.util.LinkedHashMap<>(Map.of("memes", "#a", "start", "2013-08-10",
        "end", "2013-08-10"));
    for (int i = 0; i < namesAndValues.length; i += 2) {
      given.put(namesAndValues[i], namesAndValues[i + 1]);
    }
    WebTarget target = RESOURCES.target("/queries/" + name);
    for (Map.Entry<String, String> p : given.entrySet()) {
      target = target.queryParam(p.getKey(), p.getValue());
    }
    return target;
  }


  private static String message(Response response) throws IOException {
    JsonNode error = JSON.readTree(response.readEntity(String.class));
    return error.get("message").asText();
  }

  private static QuerySettings settings(String json) {
    try {
      return JSON.readValue(json, QuerySettings.class);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
