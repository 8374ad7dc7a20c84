package org.observatory.api.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.dropwizard.testing.DropwizardTestSupport;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.observatory.api.EmbeddedApp;
import org.observatory.api.ObservatoryApplication;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.api.query.catalogue.QueryKind;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * Thousands of generated requests to the real service (embedded HBase, a real day of tweets) over
 * HTTP: every query's parameters and the job endpoints, with malformed and extreme dates, huge and
 * empty values, Unicode and control characters, path tricks, unknown parameters. None may answer 5xx,
 * and no answer may carry a stack trace. The statuses seen are printed at the end.
 */
@UsesStore
@Tag(UsesStore.TAG) // jqwik reads its own tags, not JUnit Jupiter's
class ApiFuzzTest {
  private static final List<String> PARAMETERS = List.of("memes", "words", "user", "id", "start", "end",
      "granularity", "kind", "limit", "nodes", "types", "tweetIds", "rank", "fields", "sample", "format");
  private static final Map<Integer, AtomicInteger> STATUSES = new ConcurrentSkipListMap<>();
  private static DropwizardTestSupport<ObservatoryConfiguration> app;
  private static HttpClient http;

  @BeforeContainer
  static void start() throws Exception {
    app = new DropwizardTestSupport<>(ObservatoryApplication.class, EmbeddedApp.config(SharedData.DAY_2013,
        "timeoutSeconds: 20"));
    app.before();
    http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  }

  @AfterContainer
  static void stop() {
    System.out.println("fuzzed requests by status: " + STATUSES);
    app.after();
  }

  @Property(tries = 1500)
  void queriesNeverAnswer5xxNorAStackTrace(@ForAll("queryNames") String query,
      @ForAll("parameterSets") Map<String, String> parameters) throws Exception {
    check("GET", "/queries/" + segment(query), parameters);
  }

  /** A query that would answer, but for one parameter replaced or added: the checks behind the first ones. */
  @Property(tries = 1000)
  void oneHostileParameterInAGoodQueryNeverAnswers5xx(@ForAll("queryNames") String query,
      @ForAll("parameterSets") Map<String, String> hostile) throws Exception {
    Map<String, String> parameters = new java.util.TreeMap<>(Map.of("memes", "#tfb", "start", "2013-08-10",
        "end", "2013-08-10", "user", "12", "id", "367000000000000000", "words", "follow", "kind", "hashtag"));
    hostile.entrySet().stream().limit(1).forEach(e -> parameters.put(e.getKey(), e.getValue()));
    check("GET", "/queries/" + segment(query), parameters);
  }

  @Property(tries = 600)
  void jobEndpointsNeverAnswer5xxNorAStackTrace(@ForAll("jobRequests") String[] methodAndPath,
      @ForAll("parameterSets") Map<String, String> parameters) throws Exception {
    check(methodAndPath[0], methodAndPath[1], parameters);
  }

  private void check(String method, String path, Map<String, String> parameters) throws IOException, InterruptedException {
    String query = parameters.entrySet().stream()
        .map(e -> encode(e.getKey()) + "=" + encode(e.getValue())).collect(Collectors.joining("&"));
    URI uri = URI.create("http://127.0.0.1:" + app.getLocalPort() + path + (query.isEmpty() ? "" : "?" + query));
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
        .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    STATUSES.computeIfAbsent(response.statusCode(), s -> new AtomicInteger()).incrementAndGet();
    assertThat(response.statusCode()).as(method + " " + uri + " answered " + response.body()).isLessThan(500);
    assertThat(response.body()).as(method + " " + uri).doesNotContain("Exception", "\tat ", ".java:");
  }

  @Provide
  Arbitrary<String> queryNames() {
    Arbitrary<String> known = Arbitraries.of(QueryKind.values()).map(QueryKind::apiName);
    return Arbitraries.frequencyOf(
        Tuple.of(8, known),
        Tuple.of(1, nasty()),
        Tuple.of(1, Arbitraries.of("..", "%2e%2e", "../jobs", "meme-post-count/..", "", " ", "META-INF")));
  }

  @Provide
  Arbitrary<String[]> jobRequests() {
    Arbitrary<String> id = Arbitraries.oneOf(nasty(), Arbitraries.strings().withCharRange('a', 'f').numeric()
        .withChars('-').ofLength(36), Arbitraries.strings().alpha().ofMinLength(4000).ofMaxLength(6000));
    return Arbitraries.oneOf(
        id.map(i -> new String[] {"GET", "/jobs/" + segment(i)}),
        id.map(i -> new String[] {"GET", "/jobs/" + segment(i) + "/results"}),
        id.map(i -> new String[] {"DELETE", "/jobs/" + segment(i)}),
        queryNames().map(q -> new String[] {"POST", "/jobs/" + segment(q)}),
        Arbitraries.just(new String[] {"GET", "/jobs"}));
  }

  /** Some of the known parameters and perhaps an unknown one, each with a plausible or a hostile value. */
  @Provide
  Arbitrary<Map<String, String>> parameterSets() {
    Arbitrary<String> name = Arbitraries.frequencyOf(
        Tuple.of(9, Arbitraries.of(PARAMETERS)),
        Tuple.of(1, Arbitraries.oneOf(nasty(), Arbitraries.of("access_token", "callback", "MEMES"))));
    return Arbitraries.maps(name, value()).ofMaxSize(7);
  }

  private static Arbitrary<String> value() {
    Arbitrary<String> dates = Arbitraries.of("2013-08-10", "2013-08-10T00:00:00Z", "2013-08-10T23:59:59Z",
        "2013-08-09", "2013-02-30", "0000-01-01", "9999-12-31", "-999999999-01-01", "2013-08-10T25:00:00Z",
        "+10000-01-01", "2013-8-1", "1376092800", "2013-08-10T00:00:00+14:00", "2013-08-10T00:00:00.123456789Z");
    Arbitrary<String> memes = Arbitraries.of("#tfb", "#TFB,#openfollow", "@user", "@id:12", "@id:99999999999999999999",
        "https://t.co/x", "#prefix*", "*", "#", "#a,#a,#a", "#\u200f\u202e", "#🎉", "#ａ", "@", "@id:", "#x*,*");
    Arbitrary<String> numbers = Arbitraries.of("0", "-1", "1", "100", "5000", "2147483648", "9223372036854775808",
        "1e9", "NaN", "0.5", "1.0000001", "-0", "0x10", "１２");
    Arbitrary<String> known = Arbitraries.of("day", "hour", "week", "json", "csv", "tsv", "graphml", "ndjson", "ids",
        "gexf", "xml", "hashtag", "mention", "url", "retweet,mention,reply,quote", "userId,screenName,text", "json",
        "true", "false", "count", "growth", "previous");
    Arbitrary<String> many = memes.list().ofMinSize(50).ofMaxSize(200).map(l -> String.join(",", l));
    return Arbitraries.frequencyOf(
        Tuple.of(3, dates), Tuple.of(3, memes), Tuple.of(2, numbers),
        Tuple.of(2, known), Tuple.of(3, nasty()), Tuple.of(1, many));
  }

  /** Any characters, controls and unpaired surrogates included; empty; or thousands of them. */
  private static Arbitrary<String> nasty() {
    return Arbitraries.frequencyOf(
        Tuple.of(6, Arbitraries.strings().all().ofMaxLength(40)),
        Tuple.of(2, Arbitraries.strings().withCharRange('\u0000', '\u001f').ofMaxLength(8)),
        Tuple.of(1, Arbitraries.strings().all().ofMinLength(2000).ofMaxLength(3000)),
        Tuple.of(3, Arbitraries.of("", " ", "%", "%zz", "%00", "..%2f..%2f", "\\..\\", "/etc/passwd", "${jndi:ldap://x}",
            "'; DROP TABLE x;--", "<script>", "\ud800", "\udfff\ud800")));
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /** A path segment as a client would escape it (a slash stays data, not structure). */
  private static String segment(String text) {
    return encode(text).replace("+", "%20");
  }
}
