package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.loader.historical.LoadMode;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TableSnapshot;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/** Delete notices remove a tweet from every table, and keep it from coming back. */
@UsesStore
class DeletionTest {
  private final Connection connection = MiniHBase.connection();

  @Test
  void aDeletedTweetLeavesNoTraceAndStaysGoneWhenItsFileIsLoadedAgain(@TempDir Path dir) throws Exception {
    TableNames names = new TableNames("deletes_later");
    Path day = SharedData.file(SharedData.DAY_2013);
    List<JsonNode> victims = victims(SharedData.DAY_2013);
    TestLoads.load(connection, names, dir, day);
    for (JsonNode victim : victims) {
      assertThat(traces(names, victim.get("id").asLong())).as("loaded first").isNotEmpty();
    }

    LoadSummary deleting = TestLoads.load(connection, names, dir, notices(dir.resolve("deletes.json.gz"), victims));
    LoadSummary reloading = TestLoads.load(connection, names, dir, day);

    assertThat(deleting.counters().sum(LoadCounter.ERASED)).isEqualTo(victims.size());
    assertThat(reloading.counters().sum(LoadCounter.DELETED_SKIPPED)).isGreaterThanOrEqualTo(victims.size());
    for (JsonNode victim : victims) {
      assertThat(traces(names, victim.get("id").asLong())).as("traces of %s", victim.get("id")).isEmpty();
    }
  }

  @Test
  void aNoticeLoadedTogetherWithItsTweetKeepsTheTweetOut(@TempDir Path dir) throws Exception {
    TableNames names = new TableNames("deletes_together");
    List<JsonNode> victims = victims(SharedData.DAY_2016);

    LoadSummary summary = TestLoads.load(connection, names, dir,
        SharedData.file(SharedData.DAY_2016), notices(dir.resolve("deletes.json.gz"), victims));

    for (JsonNode victim : victims) {
      assertThat(traces(names, victim.get("id").asLong())).as("traces of %s", victim.get("id")).isEmpty();
    }
    assertThat(summary.counters().sum(LoadCounter.DELETE_NOTICES)).isGreaterThanOrEqualTo(victims.size());
  }

  @Test
  void aBulkLoadLeavesOutTheTweetsItsOwnNoticesDeleteAndStoresWhatADirectLoadDoes(@TempDir Path dir)
      throws Exception {
    TableNames bulk = new TableNames("deletes_after_bulk");
    TableNames direct = new TableNames("deletes_after_direct");
    List<JsonNode> victims = victims(SharedData.DAY_2016);
    // The notices follow the tweets in the one file: read too late to keep them out, as a notice in
    // a later file is.
    Path day = dir.resolve("day-then-notices.json.gz");
    try (Stream<String> lines = SharedData.lines(SharedData.DAY_2016)) {
      List<String> all = new ArrayList<>(lines.toList());
      victims.forEach(v -> all.add(notice(v.get("id").asLong(), v.get("user").get("id").asLong())));
      gzip(day, String.join("\n", all) + "\n");
    }

    LoadSummary bulkLoad = TestLoads.load(connection, bulk, LoadMode.BULK, dir, day);
    LoadSummary directLoad = TestLoads.load(connection, direct, LoadMode.DIRECT, dir, day);

    // The day's own notices delete some of its tweets too.
    assertThat(directLoad.counters().sum(LoadCounter.ERASED)).isGreaterThan(victims.size());
    assertThat(bulkLoad.counters().sum(LoadCounter.ERASED)).isEqualTo(directLoad.counters().sum(LoadCounter.ERASED));
    for (JsonNode victim : victims) {
      assertThat(traces(bulk, victim.get("id").asLong(), true)).as("cells or tombstones of %s", victim.get("id"))
          .isEmpty();
    }
    assertThat(tables(bulk)).isEqualTo(tables(direct));
  }

  /** Each table's digest, by its name within the namespace. */
  private Map<String, String> tables(TableNames names) throws IOException {
    Map<String, String> digests = new TreeMap<>();
    TableSnapshot.of(connection, names.namespace()).forEach((name, digest) -> digests.put(
        TableName.valueOf(name).getQualifierAsString(), digest));
    return digests;
  }

  @Test
  void aTweetDeletedTwiceOverIsErasedOnceAndCountedOnce(@TempDir Path dir) throws Exception {
    TableNames names = new TableNames("deletes_twice");
    List<JsonNode> victims = victims(SharedData.DAY_2013);
    TestLoads.load(connection, names, dir, SharedData.file(SharedData.DAY_2013));
    List<Long> ids = new ArrayList<>();
    for (JsonNode victim : victims) { // the stream repeats notices, as it repeats statuses
      ids.add(victim.get("id").asLong());
      ids.add(victim.get("id").asLong());
    }

    LoadSummary deleting = TestLoads.load(connection, names, dir, notices(dir.resolve("deletes.json.gz"), ids, victims));

    assertThat(deleting.counters().sum(LoadCounter.DELETE_NOTICES)).isEqualTo(2L * victims.size());
    assertThat(deleting.counters().sum(LoadCounter.ERASED)).isEqualTo(victims.size());
  }

  @Test
  void noticesForMoreTweetsThanOneRoundTripReadAreErasedBatchByBatch(@TempDir Path dir) throws Exception {
    TableNames names = new TableNames("deletes_many");
    List<JsonNode> victims = victims(SharedData.DAY_2016);
    TestLoads.load(connection, names, dir, SharedData.file(SharedData.DAY_2016));
    List<Long> ids = new ArrayList<>();
    long near = victims.get(0).get("id").asLong();
    for (int i = 1; i <= 2 * TweetEraser.BATCH + 500; i++) {
      ids.add(near + i); // ids never stored, in the victims' month: every batch reads, most find nothing
    }
    for (int i = 0; i < victims.size(); i++) {
      ids.add(i * (TweetEraser.BATCH + 250), victims.get(i).get("id").asLong());
    }

    LoadSummary deleting = TestLoads.load(connection, names, dir, notices(dir.resolve("deletes.json.gz"), ids, victims));

    assertThat(deleting.counters().sum(LoadCounter.ERASED)).isEqualTo(victims.size());
    for (JsonNode victim : victims) {
      assertThat(traces(names, victim.get("id").asLong())).as("traces of %s", victim.get("id")).isEmpty();
    }
  }

  @Test
  void indexCellsStampedWithTheTweetsTimeAsTablesWrittenBeforeNovember2026HadThemAreErasedToo(@TempDir Path dir)
      throws Exception {
    TableNames names = new TableNames("deletes_stamped");
    List<JsonNode> victims = victims(SharedData.DAY_2016);
    TestLoads.load(connection, names, dir, SharedData.file(SharedData.DAY_2016));
    for (JsonNode victim : victims) {
      assertThat(stampIndexCells(names, victim.get("id").asLong(), Json.createdAt(victim))).as("stamped").isPositive();
    }

    TestLoads.load(connection, names, dir, notices(dir.resolve("deletes.json.gz"), victims));

    for (JsonNode victim : victims) {
      assertThat(traces(names, victim.get("id").asLong())).as("traces of %s", victim.get("id")).isEmpty();
    }
  }

  /** Writes every index cell named by the tweet again, stamped with its creation time; returns how many. */
  private int stampIndexCells(TableNames names, long tweetId, long createdAt) throws IOException {
    byte[] id = Bytes.toBytes(tweetId);
    int stamped = 0;
    try (Admin admin = connection.getAdmin()) {
      for (TableName name : admin.listTableNamesByNamespace(names.namespace())) {
        if (name.equals(names.indexCatalog()) || !name.getQualifierAsString().startsWith("index-")) {
          continue;
        }
        try (Table table = connection.getTable(name); ResultScanner rows = table.getScanner(new Scan())) {
          for (Result row : rows) {
            for (Cell c : row.rawCells()) {
              if (Bytes.equals(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength(), id, 0, 8)) {
                table.put(new Put(row.getRow()).addColumn(CellUtil.cloneFamily(c), id, createdAt, CellUtil.cloneValue(c)));
                stamped++;
              }
            }
          }
        }
      }
    }
    return stamped;
  }

  /** A tweet with hashtags and mentions, a retweet, and an original that a retweet embeds. */
  private static List<JsonNode> victims(String file) {
    List<JsonNode> found = new ArrayList<>();
    try (Stream<String> lines = SharedData.lines(file)) {
      List<JsonNode> statuses = lines.map(Json::tree).filter(Json::isStatus).toList();
      found.add(statuses.stream().filter(s -> !s.has("retweeted_status")
          && s.get("entities").get("hashtags").size() > 0 && s.get("entities").get("user_mentions").size() > 0)
          .findFirst().orElseThrow());
      JsonNode retweet = statuses.stream().filter(s -> s.has("retweeted_status")).skip(3).findFirst().orElseThrow();
      found.add(retweet);
      found.add(statuses.stream().filter(s -> s.has("retweeted_status")).skip(7).findFirst().orElseThrow()
          .get("retweeted_status"));
    }
    return found;
  }

  private static Path notices(Path file, List<JsonNode> victims) throws IOException {
    return notices(file, victims.stream().map(v -> v.get("id").asLong()).toList(), victims);
  }

  /** Delete notices for {@code ids}; the user ids are the victims' where known. */
  private static Path notices(Path file, List<Long> ids, List<JsonNode> victims) throws IOException {
    StringBuilder lines = new StringBuilder();
    for (long id : ids) {
      long user = victims.stream().filter(v -> v.get("id").asLong() == id).findFirst()
          .map(v -> v.get("user").get("id").asLong()).orElse(12L);
      lines.append(notice(id, user)).append('\n');
    }
    return gzip(file, lines.toString());
  }

  private static String notice(long id, long user) {
    return "{\"delete\":{\"status\":{\"id\":" + id + ",\"id_str\":\"" + id + "\",\"user_id\":" + user
        + "},\"timestamp_ms\":\"1500000000000\"}}";
  }

  private static Path gzip(Path file, String text) throws IOException {
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }

  private List<String> traces(TableNames names, long tweetId) throws IOException {
    return traces(names, tweetId, false);
  }

  /**
   * Every cell of the namespace's data and index tables that stands for the tweet: a row keyed by its
   * id (tweet table), ending in it (user table), or a cell named by it (index tables); read raw, also
   * the cells deleted and their tombstones, until a compaction drops them.
   */
  private List<String> traces(TableNames names, long tweetId, boolean raw) throws IOException {
    byte[] id = Bytes.toBytes(tweetId);
    List<String> traces = new ArrayList<>();
    try (Admin admin = connection.getAdmin()) {
      for (TableName name : admin.listTableNamesByNamespace(names.namespace())) {
        if (name.equals(names.deletions())) {
          continue;
        }
        try (Table table = connection.getTable(name);
            ResultScanner rows = table.getScanner(raw ? new Scan().setRaw(true).readAllVersions() : new Scan())) {
          for (Result row : rows) {
            byte[] key = row.getRow();
            if (Arrays.equals(key, id) || key.length == 16 && Arrays.equals(Arrays.copyOfRange(key, 8, 16), id)) {
              traces.add(name + " row");
            }
            for (Cell c : row.rawCells()) {
              if (Bytes.equals(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength(), id, 0, 8)) {
                traces.add(name + " " + Bytes.toStringBinary(key));
              }
            }
          }
        }
      }
    }
    return traces;
  }
}
