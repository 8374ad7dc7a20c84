package org.observatory.api.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import jakarta.ws.rs.client.WebTarget;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.observatory.api.EmbeddedApp;
import org.observatory.api.ObservatoryApplication;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.RawMemes.RawTweet;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard in a real browser (headless Chromium) against the real service on the embedded store,
 * seeded with a real day: what it shows is checked against counts computed here from the raw JSON.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
@UsesStore
class DashboardBrowserTest {
  private static final DropwizardAppExtension<ObservatoryConfiguration> APP =
      new DropwizardAppExtension<>(ObservatoryApplication.class, EmbeddedApp.config(List.of(
          SharedData.file(SharedData.DAY_2013), SharedData.blueskyFile(SharedData.JETSTREAM_WINDOW))));
  private static final long DAY = LocalDate.parse("2013-08-10").atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
  private static RawMemes raw;
  private static ChromeDriver chrome;

  @BeforeAll
  static void openBrowser() {
    raw = RawMemes.of(SharedData.DAY_2013);
    chrome = HeadlessChromium.start();
  }

  @AfterAll
  static void closeBrowser() {
    if (chrome != null) chrome.quit();
  }

  @Test
  void trendShowsEachMemesCountsPerHour() throws Exception {
    List<String> memes = raw.mostFrequent("#", 2);
    open(Map.of("memes", String.join(",", memes), "start", "2013-08-10", "end", "2013-08-10", "granularity", "hour"));

    Map<String, String> totals = new LinkedHashMap<>();
    for (WebElement row : chrome.findElements(By.cssSelector("#trend .totals tbody tr"))) {
      List<WebElement> cells = row.findElements(By.tagName("td"));
      totals.put(cells.get(0).getText(), cells.get(1).getText());
    }
    Map<String, String> expected = new LinkedHashMap<>();
    memes.forEach(meme -> expected.put(meme, String.valueOf(raw.count(meme, DAY, DAY + 86_400_000L))));
    assertThat(totals).isEqualTo(expected);

    List<List<String>> shown = chrome.findElements(By.cssSelector("#trend .series tr")).stream().skip(1)
        .map(row -> row.findElements(By.tagName("td")).stream().map(td -> td.getAttribute("textContent")).toList())
        .toList();
    assertThat(shown).hasSize(24);
    for (int hour = 0; hour < 24; hour++) {
      long start = DAY + hour * 3_600_000L;
      assertThat(shown.get(hour).get(0)).isEqualTo(Instant.ofEpochMilli(start).toString());
      for (int m = 0; m < memes.size(); m++) {
        assertThat(shown.get(hour).get(m + 1)).as("%s at %s", memes.get(m), hour)
            .isEqualTo(String.valueOf(raw.count(memes.get(m), start, start + 3_600_000L)));
      }
    }
    assertThat(chrome.findElements(By.cssSelector("#trend .chart canvas"))).isNotEmpty();
    assertThat(chrome.findElement(By.cssSelector("#cooccurring .chart")).getAttribute("data-memes")).isNotEqualTo("0");
    System.out.printf("dashboard: the trend drawn %.0f ms after navigation (then, reloaded: %s)%n", trendShown(),
        IntStream.range(0, 5).mapToObj(i -> {
          chrome.navigate().refresh();
          waitUntilReady();
          return String.format("%.0f", trendShown());
        }).toList());
    HeadlessChromium.screenshot(chrome, "dashboard");
    view("trend");
    view("cooccurring");
    view("users");
  }

  @Test
  void theSelectionAsksBlueskysPostsWhenItNamesThePlatform() throws Exception {
    Set<String> tagged = new HashSet<>();
    long expected = 0;
    for (String line : SharedData.blueskyLines(SharedData.JETSTREAM_WINDOW)) {
      var event = org.observatory.testdata.Json.tree(line);
      var commit = event.path("commit");
      if (!commit.path("operation").asText().equals("create")) {
        continue;
      }
      if (commit.path("collection").asText().equals("app.bsky.feed.post") && line.contains("\"tag\":\"IndieRebellion\"")) {
        tagged.add("at://" + event.path("did").asText() + "/app.bsky.feed.post/" + commit.path("rkey").asText());
        expected++;
      } else if (tagged.contains(commit.path("record").path("subject").path("uri").asText())) {
        expected++;
      }
    }
    Map<String, String> selection = new LinkedHashMap<>(Map.of("memes", "#indierebellion", "start", "2026-07-04",
        "end", "2026-07-04"));

    open(selection);
    String onTwitter = chrome.findElement(By.cssSelector("#trend .totals tbody tr td:nth-child(2)")).getText();
    selection.put("platform", "bluesky");
    open(selection);
    String onBluesky = chrome.findElement(By.cssSelector("#trend .totals tbody tr td:nth-child(2)")).getText();
    boolean blueskyChosen = new Select(chrome.findElement(By.name("platform"))).getFirstSelectedOption().getText()
        .equals("Bluesky");
    selection.put("platform", "both");
    open(selection);
    String onBoth = chrome.findElement(By.cssSelector("#trend .totals tbody tr td:nth-child(2)")).getText();

    assertThat(onTwitter).isEqualTo("0");
    assertThat(onBluesky).isEqualTo(String.valueOf(expected));
    assertThat(blueskyChosen).isTrue();
    assertThat(onBoth).isEqualTo(String.valueOf(expected)); // no tweet of that day holds the hashtag
    assertThat(new Select(chrome.findElement(By.name("platform"))).getFirstSelectedOption().getText()).isEqualTo("Both");
  }

  @Test
  void networkDrawsTheLargestComponentsWholeAndNamesAndListsTheHeaviestUsers() throws Exception {
    String meme = raw.mostFrequent("#", 1).get(0);
    RawNetwork network = RawNetwork.retweets(matching(meme));
    List<RawNetwork.Component> components = network.components();
    List<RawNetwork.Component> largest = components.subList(0, 3);
    List<List<Long>> drawn = largest.stream().flatMap(c -> c.edges().stream()).toList();
    long users = largest.stream().mapToLong(c -> c.users().size()).sum();
    assertThat(components).hasSizeGreaterThan(3);

    open(Map.of("memes", meme, "start", "2013-08-10", "end", "2013-08-10", "network", "retweet", "edges", "5000",
        "components", "3"));
    WebElement graph = chrome.findElement(By.cssSelector("#network .chart"));
    assertThat(graph.getAttribute("data-edges")).isEqualTo(String.valueOf(drawn.size()));
    assertThat(graph.getAttribute("data-nodes")).isEqualTo(String.valueOf(users));
    assertThat(graph.getAttribute("data-components")).isEqualTo("3");
    assertThat(graph.getAttribute("data-of")).isEqualTo(String.valueOf(components.size()));
    assertThat(note("network")).startsWith(users + " users and " + drawn.size() + " edges drawn: the 3 largest of "
        + components.size() + " components of " + network.edges().size() + " retweet edges");
    Number labelled = (Number) chrome.executeScript("return echarts.getInstanceByDom(arguments[0]).getOption()"
        + ".series[0].data.filter(node => node.label.show).length", graph);
    assertThat(labelled.longValue()).isEqualTo(Math.min(15, users));
    // The heaviest user heads the list, by a name they went by that day.
    Map<Long, Long> weights = network.userWeights(drawn);
    long most = weights.values().stream().max(Long::compare).orElseThrow();
    WebElement first = chrome.findElement(By.cssSelector("#network .user-list tbody tr"));
    long user = Long.parseLong(first.getAttribute("data-user"));
    assertThat(weights.get(user)).isEqualTo(most);
    assertThat(first.findElement(By.cssSelector("td")).getText().toLowerCase(java.util.Locale.ROOT))
        .isIn(namesOf(user).stream().map(n -> "@" + n.toLowerCase(java.util.Locale.ROOT)).toList());
    view("network");
  }

  @Test
  void expandingAUserDrawsTheirEdgesTheCapLeftOut() throws Exception {
    String meme = raw.mostFrequent("@", 1).get(0); // its tweets mention one user, by many
    RawNetwork network = RawNetwork.mentions(matching(meme));
    RawNetwork capped = network.heaviest(20);
    List<List<Long>> drawn = capped.edges();

    open(Map.of("memes", meme, "start", "2013-08-10", "end", "2013-08-10", "network", "mention", "edges", "20",
        "components", "20"));
    WebElement graph = chrome.findElement(By.cssSelector("#network .chart"));
    assertThat(graph.getAttribute("data-edges")).isEqualTo(String.valueOf(drawn.size()));
    assertThat(note("network")).contains(" components of the 20 heaviest of " + network.edges().size()
        + " mention edges");
    // Of the users listed, the one whose edges the cap cut most: their first 20 edges, as the cap keeps them.
    WebElement first = null;
    Set<List<Long>> expanded = Set.of();
    for (WebElement row : chrome.findElements(By.cssSelector("#network .user-list tbody tr"))) {
      long user = Long.parseLong(row.getAttribute("data-user"));
      Set<List<Long>> theirs = new HashSet<>(drawn);
      network.edges().stream().filter(e -> e.contains(user)).limit(20).forEach(theirs::add);
      if (theirs.size() > expanded.size()) {
        first = row;
        expanded = theirs;
      }
    }
    assertThat(expanded.size()).as("the cap left some of their edges out").isGreaterThan(drawn.size());
    Set<List<Long>> expected = expanded;

    first.findElement(By.tagName("button")).click();
    waitFor(() -> graph.getAttribute("data-edges").equals(String.valueOf(expected.size())));
    waitUntilReady();
    assertThat(graph.getAttribute("data-nodes"))
        .isEqualTo(String.valueOf(expected.stream().flatMap(List::stream).distinct().count()));
    assertThat(note("network")).endsWith((expected.size() - drawn.size()) + " more edges.");
  }

  /** The screen names a user went by on the day: as a poster, and as others mentioned them. */
  private static Set<String> namesOf(long user) {
    Set<String> names = new HashSet<>();
    for (RawTweet t : raw.tweets()) {
      if (t.userId() == user) {
        names.add(t.screenName());
      }
      names.addAll(t.mentionNames().getOrDefault(user, Set.of()));
    }
    return names;
  }

  @Test
  void coordinatedAccountsAreDrawnAndListedAsTheAnswerHasThemAndTheirControlsAskAgain() throws Exception {
    String memes = String.join(",", raw.mostFrequent("#", 5));
    Map<String, String> selection = Map.of("memes", memes, "start", "2013-08-10", "end", "2013-08-10",
        "trace", "co-hashtags", "minTraces", "1", "threshold", "0.9");
    JsonNode answer = coordinated(selection);
    int accounts = 0;
    for (JsonNode cluster : answer.get("coordination").get("clusters")) {
      accounts += cluster.get("size").asInt();
    }
    assertThat(answer.get("rows").size()).isGreaterThan(5);

    open(selection);
    WebElement graph = chrome.findElement(By.cssSelector("#coordination .chart"));
    assertThat(graph.getAttribute("data-edges")).isEqualTo(String.valueOf(answer.get("rows").size()));
    assertThat(graph.getAttribute("data-nodes")).isEqualTo(String.valueOf(accounts));
    assertThat(graph.getAttribute("data-clusters")).isEqualTo(String.valueOf(answer.get("coordination").get("clusters").size()));
    assertThat(note("coordination")).startsWith(answer.get("rows").size() + " pairs of accounts at least 0.9 alike by co-hashtags");
    assertThat(chrome.findElements(By.cssSelector("#coordination .cluster-list tbody tr")))
        .hasSize(answer.get("coordination").get("clusters").size());
    view("coordination");

    new Select(chrome.findElement(By.cssSelector("#coordination select[name=trace]"))).selectByValue("co-burst");
    chrome.findElement(By.cssSelector("#coordination button")).click();
    waitFor(() -> chrome.getCurrentUrl().contains("trace=co-burst"));
    waitUntilReady();
    Map<String, String> burst = new LinkedHashMap<>(selection);
    burst.put("trace", "co-burst");
    assertThat(chrome.findElement(By.cssSelector("#coordination .chart")).getAttribute("data-edges"))
        .isEqualTo(String.valueOf(coordinated(burst).get("rows").size()));
  }

  private static JsonNode coordinated(Map<String, String> selection) throws Exception {
    WebTarget target = APP.client()
        .target("http://localhost:" + APP.getLocalPort() + "/queries/coordinated-accounts");
    for (Map.Entry<String, String> parameter : selection.entrySet()) {
      target = target.queryParam(parameter.getKey(), parameter.getValue());
    }
    return new ObjectMapper().readTree(target.request().get().readEntity(String.class));
  }

  @Test
  void tweetsComeAPageAtATimeAndAClickedUserShowsTheirs() throws Exception {
    String meme = raw.mostFrequent("#", 1).get(0);
    List<RawTweet> matching = matching(meme);
    open(Map.of("memes", meme, "start", "2013-08-10", "end", "2013-08-10"));
    assertThat(note("tweets")).isEqualTo(matching.size() + " tweets with " + meme);
    assertThat(chrome.findElements(By.cssSelector("#tweets .tweet-list li"))).hasSize(20);
    chrome.findElement(By.cssSelector("#tweets .more")).click();
    waitFor(() -> chrome.findElements(By.cssSelector("#tweets .tweet-list li")).size() == 40);
    Set<String> ids = matching.stream().map(t -> String.valueOf(t.id())).collect(Collectors.toSet());
    for (WebElement link : chrome.findElements(By.cssSelector("#tweets .tweet-list a.time"))) {
      assertThat(link.getAttribute("href").replaceAll(".*/status/", "")).isIn(ids);
    }
    view("tweets");

    // The top poster's bar, clicked where the chart draws it.
    Map<Long, Long> posts = matching.stream().collect(Collectors.groupingBy(RawTweet::userId, TreeMap::new, Collectors.counting()));
    long most = posts.values().stream().max(Long::compare).orElseThrow();
    long top = posts.entrySet().stream().filter(e -> e.getValue() == most).findFirst().orElseThrow().getKey(); // lowest id
    WebElement bars = chrome.findElement(By.cssSelector("#users .chart"));
    @SuppressWarnings("unchecked")
    List<Number> at = (List<Number>) chrome.executeScript(
        "const chart = echarts.getInstanceByDom(arguments[0]);"
            + "return chart.convertToPixel({seriesIndex: 0}, [chart.getOption().series[0].data[0] / 2, 0]);", bars);
    new Actions(chrome).moveToElement(bars, at.get(0).intValue() - bars.getSize().width / 2,
        at.get(1).intValue() - bars.getSize().height / 2).click().perform();
    long theirs = raw.tweets().stream().filter(t -> t.userId() == top && t.createdAt() >= DAY
        && t.createdAt() < DAY + 86_400_000L).count();
    String name = matching.stream().filter(t -> t.userId() == top).reduce((a, b) -> b).orElseThrow().screenName();
    waitFor(() -> note("tweets").equalsIgnoreCase(theirs + " tweets by @" + name));
  }

  @Test
  void anApiErrorIsShownAsItsMessage() throws Exception {
    open(Map.of("memes", "mtvhottest", "start", "2013-08-10", "end", "2013-08-10"));
    String message = new ObjectMapper().readTree(APP.client()
        .target("http://localhost:" + APP.getLocalPort() + "/queries/meme-post-count")
        .queryParam("memes", "mtvhottest").queryParam("start", "2013-08-10").queryParam("end", "2013-08-10")
        .request().get().readEntity(String.class)).get("message").asText();
    for (String panel : List.of("trend", "cooccurring", "users", "tweets")) {
      WebElement error = chrome.findElement(By.cssSelector("#" + panel + " .error"));
      assertThat(error.isDisplayed()).as(panel).isTrue();
      assertThat(error.getText()).as(panel).isEqualTo(message).startsWith("not a meme: 'mtvhottest'");
    }
    view("error");
  }

  @Test
  void aBackgroundJobIsWatchedUntilItsResultIsReady() throws Exception {
    String meme = raw.mostFrequent("#", 1).get(0);
    open(Map.of("memes", meme, "start", "2013-08-10", "end", "2013-08-10"));
    assertThat(chrome.findElement(By.cssSelector("#catalog .months")).getText()).contains("2013-08");
    new Select(chrome.findElement(By.cssSelector("#jobs select")))
        .selectByValue("user-post-count");
    chrome.findElement(By.cssSelector("#jobs .submit-job button")).click();
    waitFor(() -> !chrome.findElements(By.cssSelector("#jobs tr[data-state=SUCCEEDED]")).isEmpty());
    WebElement csv = chrome.findElement(By.cssSelector("#jobs tr[data-state=SUCCEEDED] a[href*='format=csv']"));
    String result = APP.client().target("http://localhost:" + APP.getLocalPort() + csv.getAttribute("pathname")
        + "?format=csv").request().get(String.class);
    long posters = matching(meme).stream().map(RawTweet::userId).distinct().count();
    assertThat(result.lines().count()).isEqualTo(posters + 1);
    view("jobs");
  }

  private static List<RawTweet> matching(String meme) {
    return raw.tweets().stream()
        .filter(t -> t.createdAt() >= DAY && t.createdAt() < DAY + 86_400_000L && t.memes().contains(meme)).toList();
  }

  /** Opens the dashboard on a selection, as a shared URL would, and waits until every view has answered. */
  private static void open(Map<String, String> selection) {
    String query = selection.entrySet().stream()
        .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
    chrome.get("http://localhost:" + APP.getLocalPort() + "/?" + query);
    waitUntilReady();
  }

  /** When the trend chart was drawn, in milliseconds from the start of the page's navigation. */
  private static double trendShown() {
    return ((Number) chrome.executeScript("return performance.getEntriesByName('trend-shown')[0].startTime")).doubleValue();
  }

  private static String note(String panel) {
    return chrome.findElement(By.cssSelector("#" + panel + " .note")).getText();
  }

  /** A screenshot of one view, for docs/. */
  private static void view(String name) throws Exception {
    HeadlessChromium.screenshot(chrome.findElement(By.id(name.equals("error") ? "trend" : name)), name);
  }

  /** Until the page says every view of its selection has answered (or shown its error). */
  private static void waitUntilReady() {
    waitFor(() -> "ready".equals(chrome.findElement(By.tagName("body")).getAttribute("data-state")));
  }

  private static void waitFor(BooleanSupplier condition) {
    new WebDriverWait(chrome, Duration.ofSeconds(30)).until(driver -> condition.getAsBoolean());
  }
}
