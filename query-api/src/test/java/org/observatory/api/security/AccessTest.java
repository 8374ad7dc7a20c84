package org.observatory.api.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.client.WebTarget;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.observatory.api.AppProcess;
import org.observatory.api.EmbeddedApp;
import org.observatory.api.ObservatoryApplication;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.api.dashboard.HeadlessChromium;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Keys over real HTTP on the embedded default: open on loopback while no key exists; once the
 * {@code keys} command makes one, every request needs a key, a job is its submitter's alone (an
 * admin's to see too), a revoked key stops working without a restart, and every write is in the audit
 * file as a JSON line that names the key's id and never the key.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@UsesStore
class AccessTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path AUDIT = tempFile("audit.log");
  private static final String CONFIG = EmbeddedApp.withAuditFile(EmbeddedApp.config(SharedData.DAY_2013), AUDIT);
  private static final DropwizardAppExtension<ObservatoryConfiguration> APP =
      new DropwizardAppExtension<>(ObservatoryApplication.class, CONFIG);
  private static final String QUERY = "queries/meme-post-count?memes=%23tfb&start=2013-08-10&end=2013-08-10";

  private static String alice;
  private static String bob;
  private static String root;

  @Test
  @Order(1)
  void withoutKeysOnLoopbackAnswersEveryoneButRefusesAWrongKey() throws Exception {
    assertThat(status(get(QUERY, null))).isEqualTo(200);
    assertThat(status(admin("metrics", null).get())).isEqualTo(200);
    assertThat(status(get("jobs", null))).isEqualTo(200);
    Response wrong = get(QUERY, "obs_000000000000_" + "x".repeat(43));
    assertThat(wrong.getStatus()).isEqualTo(401);
    assertThat(wrong.getHeaderString(HttpHeaders.WWW_AUTHENTICATE)).startsWith("Bearer");
    assertThat(JSON.readTree(wrong.readEntity(String.class)).get("code").asInt()).isEqualTo(401);
  }

  @Test
  @Order(2)
  void onceTheCommandMakesAKeyEveryRequestNeedsOne() throws Exception {
    alice = keys("create", "--name", "alice");
    bob = keys("create", "--name", "bob", "--role", "reader");
    root = keys("create", "--name", "root", "--role", "admin");
    assertThat(List.of(alice, bob, root)).allMatch(k -> KeyToken.parse(k).isPresent()).doesNotHaveDuplicates();

    awaitStatus(() -> status(get(QUERY, null)), 401);
    assertThat(status(get("months", null))).isEqualTo(401);
    assertThat(status(get(QUERY, alice))).isEqualTo(200);
    assertThat(status(get(QUERY, root))).isEqualTo(200);
    String last = alice.substring(alice.length() - 1);
    assertThat(status(get(QUERY, alice.substring(0, alice.length() - 1) + (last.equals("A") ? "B" : "A")))).isEqualTo(401);
    assertThat(status(get(QUERY + "&access_token=" + alice, null))).isEqualTo(400); // logs would keep it
    assertThat(status(get("dashboard/index.html", null))).isEqualTo(200); // the page asks for the key itself
  }

  @Test
  @Order(3)
  void aJobIsItsSubmittersAndAnAdminsToSeeAndNoOneElses() throws Exception {
    Response submitted = request("jobs/retweet-edges?memes=%23tfb&start=2013-08-10&end=2013-08-10", alice)
        .post(Entity.text(""));
    String body = submitted.readEntity(String.class);
    assertThat(submitted.getStatus()).as(body).isEqualTo(202);
    String id = JSON.readTree(body).get("id").asText();

    awaitStatus(() -> jobState(id, alice).equals("SUCCEEDED") ? 200 : 0, 200);
    assertThat(status(get("jobs/" + id + "/results", alice))).isEqualTo(200);
    assertThat(ids(alice)).contains(id);
    assertThat(status(get("jobs/" + id, bob))).isEqualTo(404);
    assertThat(status(get("jobs/" + id + "/results", bob))).isEqualTo(404);
    assertThat(status(request("jobs/" + id, bob).delete())).isEqualTo(404);
    String huge = "x".repeat(5_000);
    assertThat(status(request("jobs/" + huge, bob).delete())).isEqualTo(404);
    assertThat(ids(bob)).doesNotContain(id);
    assertThat(status(get("jobs/" + id, root))).isEqualTo(200);
    assertThat(ids(root)).contains(id);

    assertThat(status(request("jobs/" + id, alice).delete())).isEqualTo(204);
    assertThat(status(get("jobs/" + id, alice))).isEqualTo(404);

    List<JsonNode> audit = auditLines();
    assertThat(audit).anySatisfy(line -> {
      assertThat(line.get("action").asText()).isEqualTo("job.submit");
      assertThat(line.get("target").asText()).isEqualTo(id);
      assertThat(line.get("actor").asText()).isEqualTo(KeyToken.parse(alice).orElseThrow().id());
    });
    assertThat(audit).anySatisfy(line -> {
      assertThat(line.get("action").asText()).isEqualTo("job.delete");
      assertThat(line.get("actor").asText()).isEqualTo(KeyToken.parse(bob).orElseThrow().id());
      assertThat(line.get("outcome").asText()).isEqualTo("not-found");
    });
    assertThat(audit).as("a client's long id is cut in the trail").anySatisfy(line -> {
      assertThat(line.get("target").asText()).startsWith("xxxx").endsWith("(5000 characters)").hasSizeLessThan(100);
    }).noneMatch(line -> line.toString().length() > 1_000);
    assertThat(audit).filteredOn(line -> line.get("action").asText().equals("key.create"))
        .filteredOn(line -> line.get("actor").asText().startsWith("command:")).hasSize(3);
  }

  @Test
  @Order(4)
  void aRevokedKeyStopsWorkingWithoutARestart() throws Exception {
    String id = KeyToken.parse(bob).orElseThrow().id();
    assertThat(status(get(QUERY, bob))).isEqualTo(200);
    keys("revoke", id);
    awaitStatus(() -> status(get(QUERY, bob)), 401);
    assertThat(status(get(QUERY, alice))).isEqualTo(200);
    assertThat(auditLines()).anySatisfy(line -> {
      assertThat(line.get("action").asText()).isEqualTo("key.revoke");
      assertThat(line.get("target").asText()).isEqualTo(id);
      assertThat(line.get("outcome").asText()).isEqualTo("revoked");
    });
    String everything = Files.readString(AUDIT);
    for (String key : List.of(alice, bob, root)) {
      assertThat(everything).doesNotContain(KeyToken.parse(key).orElseThrow().secret());
    }
  }

  @Test
  @Order(5)
  void aKeyOverItsRateIsToldWhenToAskAgainAndOthersAreNot() throws Exception {
    String carol = keys("create", "--name", "carol");
    int burst = new AccessSettings().burst();
    // All at once, so that the bucket empties faster than it refills however slow a request is.
    java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
    java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(
        java.net.URI.create("http://localhost:" + APP.getLocalPort() + "/queries"))
        .header(HttpHeaders.AUTHORIZATION, "Bearer " + carol).build();
    List<java.util.concurrent.CompletableFuture<java.net.http.HttpResponse<String>>> sent = new java.util.ArrayList<>();
    for (int i = 0; i < 4 * burst; i++) {
      sent.add(http.sendAsync(request, java.net.http.HttpResponse.BodyHandlers.ofString()));
    }
    List<Integer> statuses = new java.util.ArrayList<>();
    String retryAfter = null;
    for (var each : sent) {
      java.net.http.HttpResponse<String> response = each.get();
      statuses.add(response.statusCode());
      if (response.statusCode() == 429 && retryAfter == null) {
        retryAfter = response.headers().firstValue(HttpHeaders.RETRY_AFTER).orElseThrow();
        assertThat(response.body()).contains("requests a second");
      }
    }
    assertThat(statuses).contains(429).containsOnly(200, 429);
    assertThat(statuses.stream().filter(s -> s == 200).count()).isGreaterThanOrEqualTo(burst);
    assertThat(Integer.parseInt(retryAfter)).isBetween(1, 2);
    assertThat(status(get("months", alice))).isEqualTo(200); // each key's rate is its own

    Thread.sleep(1000L * Integer.parseInt(retryAfter));
    assertThat(status(get("months", carol))).isEqualTo(200);
  }

  /**
   * In a real browser: the dashboard asks for a key on its first 401, once however many of its requests
   * were refused, asks again while the key given is refused, keeps a good one for the tab, and sends it
   * in a header, never in a URL.
   */
  @Test
  @Order(6)
  void theDashboardAsksForAKeyUntilOneWorksAndKeepsItForTheTab() throws Exception {
    long day = java.time.Instant.parse("2013-08-10T00:00:00Z").toEpochMilli();
    long tfb = RawMemes.of(SharedData.DAY_2013).count("#tfb", day, day + 86_400_000L);
    ChromeDriver chrome = HeadlessChromium.start();
    try {
      WebDriverWait wait = new WebDriverWait(chrome, java.time.Duration.ofSeconds(30));
      chrome.get("http://localhost:" + APP.getLocalPort() + "/?memes=%23tfb&start=2013-08-10&end=2013-08-10");
      Alert asked = wait.until(ExpectedConditions.alertIsPresent());
      assertThat(asked.getText()).contains("needs an API key", "observatory keys create").doesNotContain("refused");
      asked.sendKeys(bob); // revoked above
      asked.accept();
      Alert again = wait.until(ExpectedConditions.alertIsPresent());
      assertThat(again.getText()).contains("That key was refused");
      again.sendKeys(alice);
      again.accept();
      assertThat(trendTotal(chrome, wait)).isEqualTo(String.valueOf(tfb)).isNotEqualTo("0");
      // more views than a key's 4 queries at once: those told 429 waited as told, and none shows an error
      assertThat(chrome.findElements(By.cssSelector(".error"))).noneMatch(WebElement::isDisplayed);

      chrome.navigate().refresh(); // kept for the tab: not asked again
      assertThat(trendTotal(chrome, wait)).isEqualTo(String.valueOf(tfb));
      @SuppressWarnings("unchecked")
      List<String> fetched = (List<String>) chrome.executeScript(
          "return performance.getEntriesByType('resource').map(e => e.name)");
      assertThat(fetched).anyMatch(url -> url.contains("/queries/")).noneMatch(url -> url.contains(
          KeyToken.parse(alice).orElseThrow().secret()));
    } finally {
      chrome.quit();
    }
  }

  /** The trend panel's total for its one meme, once every view has answered. */
  @Test
  @Order(7)
  void onceKeysExistTheAdminPortNeedsAnAdminKeyAndCannotSilenceTheTrail() throws Exception {
    String reader = keys("create", "--name", "dave", "--role", "reader");
    awaitStatus(() -> status(admin("metrics", null).get()), 401);

    assertThat(status(admin("healthcheck", null).get())).isEqualTo(200);
    assertThat(status(admin("ping", null).get())).isEqualTo(200);
    assertThat(status(admin("threads", reader).get())).isEqualTo(403);
    assertThat(status(admin("tasks/gc", null).post(Entity.text("")))).isEqualTo(401);
    assertThat(status(admin("metrics", root).get())).isEqualTo(200);
    Response silenced = admin("tasks/log-level", root).post(Entity.form(new jakarta.ws.rs.core.Form()
        .param("logger", "audit").param("level", "OFF")));
    assertThat(status(silenced)).isEqualTo(200);
    String id = KeyToken.parse(reader).orElseThrow().id();
    keys("revoke", id);

    // The file appender writes from a thread of its own: the line may come a moment after the command.
    long deadline = System.currentTimeMillis() + 5_000;
    while (auditLines().stream().noneMatch(line -> line.get("target").asText().equals(id))
        && System.currentTimeMillis() < deadline) {
      Thread.sleep(100);
    }
    assertThat(auditLines()).as("the trail after the task asked it to be OFF").anySatisfy(line -> {
      assertThat(line.get("action").asText()).isEqualTo("key.revoke");
      assertThat(line.get("target").asText()).isEqualTo(id);
    });
  }

  @Test
  @Order(8)
  void whereTheStoreListensIsForAdmins() {
    assertThat(status(get("months/2013-08/regions", alice))).isEqualTo(403);
    assertThat(status(get("months/2013-08/regions", root))).isEqualTo(200);
  }

  /** Last: the guessing leaves this test's address short of failures for a minute. */
  @Test
  @Order(9)
  void guessingKeysIsSlowedDownBeforeTheStoreIsAskedButAKnownKeyStillPasses() {
    // The dashboard's test above sent a revoked key several times: this address has failed before.
    List<Integer> statuses = new java.util.ArrayList<>();
    String retryAfter = null;
    String told = null;
    long started = System.nanoTime();
    for (int i = 0; i < 2 * FailedAuthentications.BURST; i++) {
      try (Response guess = get("months", KeyToken.random().text())) {
        statuses.add(guess.getStatus());
        if (guess.getStatus() == 429 && told == null) {
          retryAfter = guess.getHeaderString(HttpHeaders.RETRY_AFTER);
          told = guess.readEntity(String.class);
        }
      }
    }
    long seconds = java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
    assertThat(statuses).containsOnly(401, 429).contains(429);
    // At most the burst, and what refilled meanwhile, reached the store.
    assertThat(statuses.stream().filter(s -> s == 401).count()).as(statuses + " in " + seconds + " s")
        .isLessThanOrEqualTo(FailedAuthentications.BURST + seconds * FailedAuthentications.PER_MINUTE / 60 + 1);
    assertThat(Integer.parseInt(retryAfter)).isBetween(1, 60);
    assertThat(told).contains("too many requests from this address");
    assertThat(status(get("months", alice))).as("a key the service knows").isEqualTo(200);
    assertThat(status(get("months", null))).as("no key at all is not a guess").isEqualTo(401);
  }

  /** A request to the admin port, with the key as a bearer token when one is given. */
  private static Invocation.Builder admin(String path, String key) {
    Invocation.Builder request = APP.client().target("http://localhost:" + APP.getAdminPort() + "/" + path).request();
    return key == null ? request : request.header(HttpHeaders.AUTHORIZATION, "Bearer " + key);
  }

  private static String trendTotal(ChromeDriver chrome, WebDriverWait wait) {
    wait.until(d -> "ready".equals(d.findElement(By.tagName("body")).getAttribute("data-state")));
    return chrome.findElement(By.cssSelector("#trend .totals tbody tr td:nth-child(2)")).getText();
  }

  /**
   * Runs the keys command as the launcher would, in a process of its own (in this JVM it would stop the
   * service's logging when it ends, trail included); returns what it printed (for create: the key).
   */
  private static String keys(String... arguments) throws Exception {
    List<String> line = AppProcess.command(AppProcess.classpath(), List.of(), "keys", "-c", CONFIG);
    line.addAll(List.of(arguments));
    Process process = new ProcessBuilder(line).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as("keys " + String.join(" ", arguments)).isZero();
    return out.strip();
  }


  private static String jobState(String id, String key) {
    try {
      Response job = get("jobs/" + id, key);
      assertThat(job.getStatus()).isEqualTo(200);
      return JSON.readTree(job.readEntity(String.class)).get("state").asText();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> ids(String key) throws IOException {
    Response list = get("jobs", key);
    assertThat(list.getStatus()).isEqualTo(200);
    JsonNode jobs = JSON.readTree(list.readEntity(String.class));
    return jobs.findValuesAsText("id");
  }

  private static List<JsonNode> auditLines() throws IOException {
    List<JsonNode> lines = new java.util.ArrayList<>();
    for (String line : Files.readAllLines(AUDIT)) {
      lines.add(JSON.readTree(line));
    }
    return lines;
  }

  private static void awaitStatus(IntSupplier status, int expected) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 3 * Access.KEY_TRUSTED_FOR.toMillis();
    int last = status.getAsInt();
    while (last != expected && System.currentTimeMillis() < deadline) {
      Thread.sleep(250);
      last = status.getAsInt();
    }
    assertThat(last).isEqualTo(expected);
  }

  private static int status(Response response) {
    try (response) {
      return response.getStatus();
    }
  }

  private static Response get(String path, String key) {
    return request(path, key).get();
  }

  private static Invocation.Builder request(String path, String key) {
    WebTarget target = APP.client().target("http://localhost:" + APP.getLocalPort() + "/" + path.split("\\?")[0]);
    if (path.contains("?")) {
      for (String pair : path.split("\\?")[1].split("&")) {
        String[] kv = pair.split("=", 2);
        target = target.queryParam(kv[0], java.net.URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
      }
    }
    Invocation.Builder request = target.request();
    return key == null ? request : request.header(HttpHeaders.AUTHORIZATION, "Bearer " + key);
  }

  private static Path tempFile(String name) {
    try {
      return Files.createTempDirectory("observatory-audit").resolve(name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
