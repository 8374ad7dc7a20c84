package org.observatory.api.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import io.dropwizard.testing.junit5.ResourceExtension;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.observatory.api.jobs.QueryJobs;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.query.engine.QueryEngine;
import org.observatory.api.query.engine.QueryEngines;
import org.observatory.api.security.AccessSettings;
import org.observatory.api.security.AuditLines;
import org.observatory.api.security.Caller;
import org.observatory.api.security.FairUse;
import org.observatory.api.security.Role;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Platform;

/** Every refusal of {@code /jobs}, over HTTP to the real resource; the jobs' work waits until told. */
@ExtendWith(DropwizardExtensionsSupport.class)
class JobsResourceTest {
  private static final ObjectMapper JSON = Jackson.newObjectMapper();
  private static final CountDownLatch FINISH = new CountDownLatch(1);
  private static final QueryJobs JOBS = jobs();
  /** A key's, so that its share of jobs counts. */
  private static final Caller READER = new Caller("0123456789ab", "a reader", Role.READER);
  private static final ResourceExtension RESOURCES = ResourceExtension.builder()
      .addResource(new JobsResource(new QueryEngines(Map.of(Platform.TWITTER, new QueryEngine(IndexSpec.defaults(),
          new QuerySettings(), null, null, null, (query, asked, tweets, progress) -> Map.of()))), JOBS, new FairUse(new AccessSettings()), JSON))
      .addProvider(AsCaller.providers(READER)[0])
      .addProvider(AsCaller.providers(READER)[1])
      .addProvider(new ErrorMappers.OverQuota())
      .addProvider(new ErrorMappers.BadQuery())
      .addProvider(new ErrorMappers.StoreUnavailable())
      .build();

  @AfterAll
  static void stop() throws Exception {
    FINISH.countDown();
    JOBS.stop();
  }

  @Test
  void aJobOfABadQueryIsRefusedWithTheQuerysOwnMessage() throws Exception {
    try (Response unknown = submit("meme-count?memes=%23a&start=2013-08-10&end=2013-08-10");
        Response bad = submit("meme-post-count?memes=euro&start=2013-08-10&end=2013-08-10");
        Response format = submit("get-tweets-with-meme?memes=%23a&start=2013-08-10&end=2013-08-10&format=tsv");
        Response twice = submit("meme-post-count?memes=%23a&start=2013-08-10&end=2013-08-10&start=2013-08-09")) {
      assertThat(unknown.getStatus()).isEqualTo(400);
      assertThat(message(unknown)).contains("unknown query 'meme-count'");
      assertThat(bad.getStatus()).isEqualTo(400);
      assertThat(message(bad)).contains("not a meme");
      assertThat(format.getStatus()).isEqualTo(400);
      assertThat(message(format)).contains("come as ndjson (the default), ids or csv");
      assertThat(twice.getStatus()).isEqualTo(400);
      assertThat(message(twice)).contains("parameter 'start' is given 2 times");
    }
  }

  @Test
  void anUnknownJobIsA404() throws Exception {
    try (Response status = RESOURCES.target("/jobs/no-such-job").request().get();
        Response cancel = RESOURCES.target("/jobs/no-such-job").request().delete()) {
      assertThat(status.getStatus()).isEqualTo(404);
      assertThat(message(status)).contains("no job no-such-job");
      assertThat(cancel.getStatus()).isEqualTo(404);
    }
  }

  @Test
  void resultsBeforeTheJobSucceededAreA409() throws Exception {
    String id;
    try (Response submitted = submit("retweet-edges?memes=%23a&start=2013-08-10&end=2013-08-10")) {
      assertThat(submitted.getStatus()).isEqualTo(202);
      id = JSON.readTree(submitted.readEntity(String.class)).get("id").asText();
    }

    try (Response results = RESOURCES.target("/jobs/" + id + "/results").request().get()) {
      assertThat(results.getStatus()).isEqualTo(409);
      assertThat(message(results)).contains("results come once it has succeeded");
    }
  }

  @Test
  void aMissingJobsIdIsNotEchoedWholeHoweverLong() throws Exception {
    String id = "x".repeat(441);
    try (Response missing = RESOURCES.target("/jobs/" + id).request().get()) {
      assertThat(missing.getStatus()).isEqualTo(404);
      assertThat(message(missing)).contains("(441 characters)").hasSizeLessThan(200);
    }
  }

  @Test
  void aKeyWithAsManyJobsUnfinishedAsItMayHaveIsToldToWaitWith429() throws Exception {
    int allowed = new AccessSettings().jobsPerKey();
    try (AuditLines trail = new AuditLines()) {
      for (int active = unfinished(); active <= allowed; active++) {
        try (Response submitted = submit("retweet-edges?memes=%23a&start=2013-08-10&end=2013-08-10")) {
          if (active < allowed) {
            assertThat(submitted.getStatus()).isEqualTo(202);
          } else {
            assertThat(submitted.getStatus()).isEqualTo(429);
            assertThat(submitted.getHeaderString("Retry-After")).isEqualTo("30");
            assertThat(message(submitted)).contains(allowed + " jobs of key 0123456789ab are queued or running");
          }
        }
      }
      assertThat(trail.lines()).as("a refused submission is in the trail").anySatisfy(line -> assertThat(line)
          .contains("\"actor\":\"0123456789ab\"", "\"action\":\"job.submit\"", "\"target\":\"retweet-edges\"",
              "\"outcome\":\"refused\"", "queued or running"));
    }
    assertThat(unfinished()).isEqualTo(allowed);
    for (String id : unfinishedIds()) { // the share back, for the other tests
      RESOURCES.target("/jobs/" + id).request().delete().close();
    }
    assertThat(unfinished()).isZero();
  }

  private static List<String> unfinishedIds() throws IOException {
    try (Response list = RESOURCES.target("/jobs").request().get()) {
      List<String> ids = new java.util.ArrayList<>();
      for (JsonNode job : JSON.readTree(list.readEntity(String.class))) {
        if (job.get("state").asText().matches("QUEUED|RUNNING")) {
          ids.add(job.get("id").asText());
        }
      }
      return ids;
    }
  }

  private static int unfinished() throws IOException {
    return unfinishedIds().size();
  }

  private static Response submit(String queryAndParameters) {
    String[] parts = queryAndParameters.split("\\?", 2);
    var target = RESOURCES.target("/jobs/" + parts[0]);
    for (String p : parts[1].split("&")) {
      String[] nv = p.split("=", 2);
      target = target.queryParam(nv[0], nv[1].replace("%23", "#"));
    }
    return target.request().post(Entity.text(""));
  }

  private static String message(Response response) throws IOException {
    JsonNode error = JSON.readTree(response.readEntity(String.class));
    return error.get("message").asText();
  }

  /** Jobs whose work waits until the test class ends. */
  private static QueryJobs jobs() {
    try {
      QueryJobs jobs = QueryJobs.open(new Path(Files.createTempDirectory("jobs").toUri()), new Configuration(), JSON,
          (query, out, progress) -> {
            try {
              FINISH.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            return new QueryJobs.Outcome(null, 0L);
          }, 1, Duration.ofHours(1));
      jobs.start();
      return jobs;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
