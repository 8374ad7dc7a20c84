package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.loader.historical.HistoricalLoad;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.RowKeys;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TableSnapshot;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

@UsesStore
class LoadContentsTest {
  private final Connection connection = MiniHBase.connection();

  @Test
  void storesEveryTweetOnceInTheMonthOfItsCreation(@TempDir Path rejects) throws Exception {
    TableNames names = new TableNames("loader_day");
    Map<Month, Set<Long>> expected = new HashMap<>();
    long statuses = 0;
    long notices = 0;
    Set<Long> deleted = new HashSet<>();
    try (Stream<String> lines = SharedData.lines(SharedData.DAY_2013)) {
      for (String line : (Iterable<String>) lines::iterator) {
        JsonNode raw = Json.tree(line);
        if (raw.has("delete")) {
          notices++;
          deleted.add(raw.get("delete").get("status").get("id").asLong());
        }
        if (Json.isStatus(raw)) {
          statuses++;
          collect(raw, expected);
        }
      }
    }
    expected.values().forEach(ids -> ids.removeAll(deleted));

    LoadSummary summary = TestLoads.load(connection, names, rejects, SharedData.file(SharedData.DAY_2013));

    assertThat(summary.counters().sum(LoadCounter.STATUSES)).isEqualTo(statuses);
    assertThat(summary.counters().sum(LoadCounter.DELETE_NOTICES)).isEqualTo(notices);
    assertThat(summary.counters().sum(LoadCounter.MALFORMED)).isZero();
    for (Map.Entry<Month, Set<Long>> month : expected.entrySet()) {
      assertThat(rowIds(names.tweets(month.getKey()))).as("tweets of %s", month.getKey())
          .containsExactlyInAnyOrderElementsOf(month.getValue());
    }
    try (Admin admin = connection.getAdmin()) {
      assertThat(admin.listTableNamesByNamespace(names.namespace()))
          .as("no month without tweets gets tables")
          .filteredOn(t -> names.monthOf(t).isPresent())
          .allMatch(t -> expected.containsKey(names.monthOf(t).orElseThrow()));
    }
  }

  @Test
  void setsMalformedLinesAsideWithFileAndLineAndLoadsTheRest(@TempDir Path dir) throws Exception {
    TableNames names = new TableNames("loader_bad");
    List<String> good = firstLines(3);
    Path file = gzip(dir.resolve("mixed.json.gz"), List.of(good.get(0), "{\"truncated\": ", good.get(1), "",
        "[1,2]", good.get(2), "{\"created_at\":\"never\",\"id\":5,\"text\":\"x\",\"user\":{\"id\":1}}",
        "{\"delete\":{\"status\":{\"id_str\":\"\"}}}"));
    Path rejects = dir.resolve("rejects");

    LoadSummary summary = TestLoads.load(connection, names, rejects, file);

    assertThat(summary.counters().sum(LoadCounter.STATUSES)).isEqualTo(3);
    assertThat(summary.counters().sum(LoadCounter.MALFORMED)).isEqualTo(4);
    assertThat(summary.counters().sum(LoadCounter.BLANK_LINES)).isEqualTo(1);
    List<JsonNode> rejected = Files.readAllLines(rejects.resolve("mixed.json.gz.rejected.ndjson")).stream()
        .map(Json::tree).toList();
    assertThat(rejected).extracting(r -> r.get("line").asInt()).containsExactly(2, 5, 7, 8);
    assertThat(rejected).allMatch(r -> r.get("file").asText().equals(file.toString()) && r.has("error"));
    assertThat(rejected.get(0).get("text").asText()).isEqualTo("{\"truncated\": ");
    assertThat(rejected.get(3).get("error").asText()).contains("delete notice without a status id");
    long id = Json.tree(good.get(2)).get("id").asLong();
    Month month = Month.of(Json.createdAt(Json.tree(good.get(2))));
    assertThat(rowIds(names.tweets(month))).contains(id);
  }

  @Test
  void filesReadByOneMapTaskKeepTheirOwnLineNumbersAndRejects(@TempDir Path dir) throws Exception {
    TableNames names = new TableNames("loader_combined");
    List<String> good = firstLines(4);
    Path first = gzip(dir.resolve("first.json.gz"), List.of(good.get(0), "{\"truncated\": ", good.get(1)));
    Path empty = gzip(dir.resolve("empty.json.gz"), List.of());
    Path second = gzip(dir.resolve("second.json.gz"), List.of("[1,2]", good.get(2), good.get(3), "{oops"));
    Path rejects = dir.resolve("rejects");
    Files.createDirectories(rejects);
    Files.writeString(rejects.resolve("empty.json.gz.rejected.ndjson"), "an earlier load's rejects\n");
    Configuration oneTask = new Configuration(connection.getConfiguration());
    oneTask.setLong(HistoricalLoad.INPUT_BYTES_PER_MAP, 1L << 30);

    LoadSummary summary;
    try (Connection combining = ConnectionFactory.createConnection(oneTask)) {
      summary = TestLoads.load(combining, names, rejects, first, empty, second);
    }

    assertThat(summary.counters().sum(LoadCounter.STATUSES)).isEqualTo(4);
    assertThat(summary.counters().sum(LoadCounter.MALFORMED)).isEqualTo(3);
    assertThat(rejectedLines(rejects, first)).containsExactly(2);
    assertThat(rejectedLines(rejects, second)).containsExactly(1, 4);
    assertThat(rejects.resolve("empty.json.gz.rejected.ndjson")).as("begun anew, and nothing to set aside").doesNotExist();
  }

  /** The line numbers an input's rejects file names, each record checked to name that input. */
  private static List<Integer> rejectedLines(Path rejects, Path input) throws IOException {
    List<JsonNode> records = Files.readAllLines(rejects.resolve(input.getFileName() + ".rejected.ndjson")).stream()
        .map(Json::tree).toList();
    assertThat(records).allMatch(r -> r.get("file").asText().equals(input.toString()));
    return records.stream().map(r -> r.get("line").asInt()).toList();
  }

  @Test
  void loadingTheSameFileTwiceLeavesIdenticalTables(@TempDir Path rejects) throws Exception {
    TableNames names = new TableNames("loader_twice");
    Path file = SharedData.file(SharedData.DAY_NL);

    TestLoads.load(connection, names, rejects, file);
    Map<String, String> first = TableSnapshot.of(connection, names.namespace());
    TestLoads.load(connection, names, rejects, file);
    Map<String, String> second = TableSnapshot.of(connection, names.namespace());

    assertThat(first).isNotEmpty();
    assertThat(second).isEqualTo(first);
  }

  private static void collect(JsonNode status, Map<Month, Set<Long>> byMonth) {
    byMonth.computeIfAbsent(Month.of(Json.createdAt(status)), m -> new HashSet<>()).add(status.get("id").asLong());
    for (String embedded : List.of("retweeted_status", "quoted_status")) {
      if (status.has(embedded) && Json.isStatus(status.get(embedded))) {
        collect(status.get(embedded), byMonth);
      }
    }
  }

  private Set<Long> rowIds(TableName table) throws IOException {
    Set<Long> ids = new HashSet<>();
    try (Table t = connection.getTable(table);
         ResultScanner scanner = t.getScanner(new Scan().setFilter(new FirstKeyOnlyFilter()))) {
      for (Result r : scanner) {
        ids.add(RowKeys.id(r.getRow()));
      }
    }
    return ids;
  }

  private static List<String> firstLines(int n) {
    try (Stream<String> lines = SharedData.lines(SharedData.DAY_NL)) {
      return lines.limit(n).toList();
    }
  }

  private static Path gzip(Path file, List<String> lines) throws IOException {
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write(String.join("\n", lines).concat("\n").getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }
}
