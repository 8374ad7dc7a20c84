package org.observatory.api.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.jackson.Jackson;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.observatory.api.query.catalogue.QueryKind;
import org.observatory.api.query.output.AnswerLines;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.output.ResultFormat;

/** A job's answer, kept as JSON and read a line at a time, is written exactly as the answer in memory. */
class ResultFormatTest {
  private static final ObjectMapper JSON = Jackson.newObjectMapper();
  private static final Instant START = Instant.parse("2013-08-10T00:00:00Z");
  private static final QueryResult.Meta META = new QueryResult.Meta(List.of("2013-08"), 3, "index-only", 5, List.of());

  @Test
  void countsKeptAsJsonAreWrittenAsTheAnswerInMemoryIs() throws IOException {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("#b", 7L);
    counts.put("#a,\"quoted\"", 3L);
    counts.put("#\u00e9t\u00e9\t", 0L);
    QueryResult result = new QueryResult("meme-post-count", START, START.plusSeconds(86_400), counts, null, META);

    for (ResultFormat format : List.of(ResultFormat.CSV, ResultFormat.TSV)) {
      assertThat(keptAs(result, QueryKind.named("meme-post-count"), format))
          .isEqualTo(inMemoryAs(result, QueryKind.named("meme-post-count"), format)).contains("#b", "7");
    }
  }

  @Test
  void edgesKeptAsJsonAreWrittenAsTheAnswerInMemoryIsInEveryFormat() throws IOException {
    QueryKind kind = QueryKind.named("diffusion-edges");
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      Map<String, Object> edge = new HashMap<>();
      edge.put("source", "u" + i % 37);
      edge.put("target", "u" + i % 11);
      edge.put("type", i % 2 == 0 ? "retweet" : "mention");
      edge.put("weight", i + 1L);
      edge.put("first", "2013-08-10T0" + i % 10 + ":00:00Z");
      edge.put("last", "2013-08-10T1" + i % 10 + ":00:00Z");
      edge.put("tweets", i % 3 == 0 ? null : List.of(Long.toString(1_000_000_000L + i), "2"));
      rows.add(edge);
    }
    QueryResult result = new QueryResult(kind.apiName(), START, START.plusSeconds(86_400), null, rows, META);

    for (ResultFormat format : List.of(ResultFormat.CSV, ResultFormat.TSV, ResultFormat.GRAPHML, ResultFormat.GEXF)) {
      String written = inMemoryAs(result, kind, format);
      assertThat(keptAs(result, kind, format)).as(format.name()).isEqualTo(written);
      assertThat(written).as(format.name()).contains("u36", "u10", "1000000499");
    }
    assertThat(inMemoryAs(result, kind, ResultFormat.GRAPHML).split("<node ", -1)).as("each user once")
        .hasSize(37 + 1);
  }

  @Test
  void aGraphFileSaysWhetherItsEdgesHaveADirectionAsTheCatalogueDoes() throws IOException {
    List<Map<String, Object>> rows = List.of(Map.of("source", "#a", "target", "#b", "weight", 2L));
    for (String name : List.of("meme-network", "retweet-edges")) {
      QueryKind kind = QueryKind.named(name);
      QueryResult result = new QueryResult(name, START, START.plusSeconds(86_400), null, rows, META);
      String direction = name.equals("meme-network") ? "undirected" : "directed";

      assertThat(inMemoryAs(result, kind, ResultFormat.GRAPHML)).as(name).contains("edgedefault=\"" + direction + "\"");
      assertThat(inMemoryAs(result, kind, ResultFormat.GEXF)).as(name).contains("defaultedgetype=\"" + direction + "\"");
    }
  }

  @Test
  void likeAccountsGraphsAreUndirectedWithFractionalWeightsAndTheirEndsNamesAndClusters() throws IOException {
    QueryKind kind = QueryKind.named("coordinated-accounts");
    List<Map<String, Object>> rows = List.of(
        Map.of("source", 11L, "target", 12L, "weight", 0.97, "cluster", 1, "sourceName", "ann", "targetName", "bob",
            "shared", 3),
        Map.of("source", 11L, "target", 13L, "weight", 0.91, "cluster", 1, "sourceName", "ann", "targetName", "cy",
            "shared", 2));
    QueryResult result = new QueryResult(kind.apiName(), START, START.plusSeconds(86_400), null, rows, META);

    String graphml = inMemoryAs(result, kind, ResultFormat.GRAPHML);
    assertThat(graphml).contains("edgedefault=\"undirected\"", "attr.name=\"weight\" attr.type=\"double\"",
        "<node id=\"13\"><data key=\"node.name\">cy</data><data key=\"node.cluster\">1</data></node>");
    assertThat(graphml.split("<node ", -1)).as("each account once").hasSize(3 + 1);
    String gexf = inMemoryAs(result, kind, ResultFormat.GEXF);
    assertThat(gexf).contains("defaultedgetype=\"undirected\"", "<node id=\"12\" label=\"bob\"><attvalues>"
        + "<attvalue for=\"cluster\" value=\"1\"/></attvalues></node>", "weight=\"0.97\"");
    assertThat(keptAs(result, kind, ResultFormat.GEXF)).isEqualTo(gexf);
  }

  private static String inMemoryAs(QueryResult result, QueryKind kind, ResultFormat format) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    format.write(result, kind, JSON, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  private static String keptAs(QueryResult result, QueryKind kind, ResultFormat format) throws IOException {
    byte[] kept = JSON.writeValueAsBytes(result);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    format.write(AnswerLines.kept(() -> new ByteArrayInputStream(kept), JSON), kind, out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
