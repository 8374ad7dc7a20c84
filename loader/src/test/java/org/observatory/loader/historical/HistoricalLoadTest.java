package org.observatory.loader.historical;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.loader.LoadCounter;
import org.observatory.loader.LoadCounters;
import org.observatory.loader.LoadSummary;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.Json;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TableSnapshot;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/** The historical loader over the whole shared corpus: direct, and bulk sorting in this JVM and by MapReduce. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@UsesStore
class HistoricalLoadTest {
  private final Connection connection = MiniHBase.connection();
  private final TableNames direct = new TableNames("job_direct");
  private final TableNames bulk = new TableNames("job_bulk");
  private final TableNames bulkJob = new TableNames("job_bulk_mr");
  private LoadSummary directSummary;
  private LoadSummary bulkSummary;
  private LoadSummary jobSummary;
  private Path[] corpus;
  private Path workRoot;
  private Path killedLoad;
  private long began;

  @BeforeAll
  void loadTheCorpusBothWays(@TempDir Path dir) throws Exception {
    corpus = SharedData.allFiles().stream().map(SharedData::file).toArray(Path[]::new);
    workRoot = dir.resolve("work");
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    killedLoad = workRoot.resolve("load-1700000000000-" + gone.pid() + "@" + java.net.InetAddress.getLocalHost().getHostName());
    Files.createDirectories(killedLoad.resolve("hadoop/mapred/local"));
    Files.writeString(killedLoad.resolve("hadoop/mapred/local/file.out"), "spilled by a load that was killed");
    began = System.currentTimeMillis();
    directSummary = TestLoads.load(connection, direct, LoadMode.DIRECT, dir, corpus);
    // Sorted in this JVM with room for a few hundred tweets' cells: spilled and merged many times over.
    Configuration smallMemory = new Configuration(connection.getConfiguration());
    smallMemory.setLong(InProcessBulkLoad.SORT_MEMORY_BYTES, 1 << 20);
    try (Connection spilling = ConnectionFactory.createConnection(smallMemory)) {
      bulkSummary = TestLoads.load(spilling, bulk, LoadMode.BULK, dir, corpus);
    }
    // Through MapReduce's shuffle, as on a cluster: every file read by one map task, as a cluster's
    // would be at this size. Rows of more than 64 KB of cells (the commonest words and hashtags) are
    // sorted in parts, each part in files of its own, as the largest rows of a large load are.
    Configuration smallSorts = new Configuration(connection.getConfiguration());
    smallSorts.set(HistoricalLoad.BULK_SORT, "mapreduce");
    smallSorts.setLong(HistoricalLoad.INPUT_BYTES_PER_MAP, 1L << 30);
    smallSorts.setLong(BulkSortReducer.SORT_BYTES, 64 << 10);
    try (Connection sortingInParts = ConnectionFactory.createConnection(smallSorts)) {
      jobSummary = TestLoads.load(sortingInParts, bulkJob, LoadMode.BULK, dir, corpus);
    }
  }

  @Test
  void loadsKeepTheirFilesInTheirWorkDirectoryAndLeaveItEmptyAndCleanWhatAKilledOneLeft() throws Exception {
    assertThat(killedLoad).doesNotExist();
    try (Stream<Path> left = Files.list(workRoot)) {
      assertThat(left).isEmpty();
    }
    Path hadoopTmp = Path.of(System.getProperty("java.io.tmpdir"), "hadoop-" + System.getProperty("user.name"));
    if (Files.isDirectory(hadoopTmp)) {
      try (Stream<Path> files = Files.walk(hadoopTmp)) {
        assertThat(files.filter(f -> f.toFile().lastModified() >= began).toList())
            .as("nothing of these loads outside their work directory").isEmpty();
      }
    }
  }

  @Test
  void directAndBulkModesWriteIdenticalTables() throws Exception {
    Map<String, String> directTables = withoutNamespace(TableSnapshot.of(connection, direct.namespace()));
    Map<String, String> bulkTables = withoutNamespace(TableSnapshot.of(connection, bulk.namespace()));
    Map<String, String> jobTables = withoutNamespace(TableSnapshot.of(connection, bulkJob.namespace()));
    assertThat(directTables).hasSizeGreaterThan(100);
    assertThat(differences(directTables, bulkTables)).as("sorted in this JVM").isEmpty();
    assertThat(differences(directTables, jobTables)).as("sorted by MapReduce").isEmpty();
  }

  private static List<String> differences(Map<String, String> expected, Map<String, String> actual) {
    Set<String> tables = new java.util.TreeSet<>(expected.keySet());
    tables.addAll(actual.keySet());
    return tables.stream().filter(t -> !java.util.Objects.equals(expected.get(t), actual.get(t)))
        .map(t -> t + ": direct " + expected.get(t) + ", bulk " + actual.get(t)).toList();
  }

  @Test
  void countersMatchCountsTakenFromTheRawFiles() {
    RawCounts raw = new RawCounts();
    for (Path file : corpus) {
      raw.add(file.getFileName().toString());
    }
    for (LoadSummary summary : List.of(directSummary, bulkSummary, jobSummary)) {
      LoadCounters c = summary.counters();
      assertThat(c.sum(LoadCounter.LINES)).isEqualTo(raw.lines);
      assertThat(c.sum(LoadCounter.STATUSES)).isEqualTo(raw.statuses);
      assertThat(c.sum(LoadCounter.RETWEETS)).isEqualTo(raw.retweets);
      assertThat(c.sum(LoadCounter.EMBEDDED)).isEqualTo(raw.originals);
      assertThat(c.sum(LoadCounter.DELETE_NOTICES)).isEqualTo(raw.deleteNotices);
      assertThat(c.sum(LoadCounter.DUPLICATES)).isEqualTo(raw.duplicates);
      assertThat(c.sum(LoadCounter.MALFORMED)).isZero();
      assertThat(c.puts().get("tweets") + c.sum(LoadCounter.DELETED_SKIPPED) + c.sum(LoadCounter.REPEATS_SKIPPED))
          .isEqualTo(raw.statuses + raw.originals);
      assertThat(c.sum(LoadCounter.REPEATS_SKIPPED)).isLessThanOrEqualTo(raw.duplicates);
      assertThat(c.sum(LoadCounter.ALREADY_INDEXED)).as("originals seen again, their entries put once")
          .isPositive().isLessThanOrEqualTo(raw.duplicates - c.sum(LoadCounter.REPEATS_SKIPPED));
      assertThat(c.puts()).containsKeys("meme", "text", "user-tweets", "retweet", "screen-name");
    }
    assertThat(bulkSummary.counters().puts()).isEqualTo(directSummary.counters().puts());
    assertThat(jobSummary.counters().puts()).isEqualTo(directSummary.counters().puts());
  }

  private static Map<String, String> withoutNamespace(Map<String, String> tables) {
    Map<String, String> stripped = new TreeMap<>();
    tables.forEach((name, digest) -> stripped.put(name.substring(name.indexOf(':') + 1), digest));
    return stripped;
  }

  /** Counted with Jackson's tree model, apart from the system's parser. */
  private static final class RawCounts {
    long lines;
    long statuses;
    long retweets;
    long originals;
    long deleteNotices;
    long duplicates;

    void add(String file) {
      List<Long> appearances = new ArrayList<>();
      try (Stream<String> all = SharedData.lines(file)) {
        for (String line : (Iterable<String>) all::iterator) {
          lines++;
          JsonNode node = Json.tree(line);
          if (node.has("delete")) {
            deleteNotices++;
          } else if (Json.isStatus(node)) {
            statuses++;
            retweets += node.has("retweeted_status") ? 1 : 0;
            Set<Long> embedded = new LinkedHashSet<>();
            collectEmbedded(node, embedded);
            embedded.remove(node.get("id").asLong());
            originals += embedded.size();
            appearances.add(node.get("id").asLong());
            appearances.addAll(embedded);
          }
        }
      }
      duplicates += appearances.size() - new HashSet<>(appearances).size();
    }

    private static void collectEmbedded(JsonNode status, Set<Long> ids) {
      for (String key : List.of("retweeted_status", "quoted_status")) {
        JsonNode inner = status.get(key);
        if (inner != null && Json.isStatus(inner)) {
          ids.add(inner.get("id").asLong());
          collectEmbedded(inner, ids);
        }
      }
    }
  }
}
