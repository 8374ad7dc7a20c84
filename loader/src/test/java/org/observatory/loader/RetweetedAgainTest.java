package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.loader.historical.LoadMode;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TableSnapshot;
import org.observatory.testing.TestLoads;
import org.observatory.testing.UsesStore;

/**
 * An original retweeted again within one input is stored as the newer snapshot without putting its
 * declarative index entries again: the tables are those of loading every sighting apart, and a plug-in
 * (which may read what changes between snapshots) and a renamed author still get theirs. Hand-written
 * lines, invented ids; the snowflake ids match their times.
 */
@UsesStore
class RetweetedAgainTest {
  private static final String ORIGINAL = status("Sat Aug 10 11:00:00 +0000 2013", 366151940305846276L,
      "a #fixture worth retweeting", 2, 10, 101, "alice", null);
  private static final String FIRST = retweet("Sat Aug 10 12:00:00 +0000 2013", 366167039800246273L, 103, "bob", "alice");
  private static final String SECOND = retweet("Sat Aug 10 12:01:00 +0000 2013", 366167291458486274L, 104, "carol", "alice");
  private static final String RENAMED = retweet("Sat Aug 10 12:02:00 +0000 2013", 366167543116726275L, 105, "dave", "alice_renamed");

  @Test
  void theTablesAreThoseOfLoadingEverySightingApart(@TempDir Path dir) throws Exception {
    Path once = write(dir.resolve("once"), "tweets.2013-08-10.json.gz", FIRST, SECOND);
    Path first = write(dir.resolve("apart"), "tweets.2013-08-10.json.gz", FIRST);
    Path second = write(dir.resolve("apart"), "tweets.2013-08-11.json.gz", SECOND);

    LoadSummary together = load("retweeted_together", dir.resolve("together-load"), once);
    LoadSummary apart = load("retweeted_apart", dir.resolve("apart-load"), first, second);

    assertThat(together.counters().sum(LoadCounter.ALREADY_INDEXED)).as("the original, the second time").isEqualTo(1);
    assertThat(apart.counters().sum(LoadCounter.ALREADY_INDEXED)).as("each file is an input of its own").isZero();
    assertThat(together.counters().puts().get("text")).isLessThan(apart.counters().puts().get("text"));
    assertThat(together.counters().puts().get("tweets")).isEqualTo(4);
    assertThat(together.counters().puts().get("by-name")).as("a plug-in indexes every snapshot").isEqualTo(4);
    assertThat(tables("retweeted_together")).isEqualTo(tables("retweeted_apart"));
  }

  @Test
  void anAuthorRenamedSinceIsIndexedUnderTheNewName(@TempDir Path dir) throws Exception {
    Path file = write(dir, "tweets.2013-08-10.json.gz", FIRST, SECOND, RENAMED);

    LoadSummary summary = load("retweeted_renamed", dir.resolve("load"), file);

    assertThat(summary.counters().sum(LoadCounter.ALREADY_INDEXED)).isEqualTo(1);
    TableNames names = new TableNames("retweeted_renamed");
    try (Table byName = MiniHBase.connection().getTable(names.index("screen-name", Month.parse("2013-08")))) {
      assertThat(byName.exists(new Get("alice".getBytes(StandardCharsets.UTF_8)))).isTrue();
      assertThat(byName.exists(new Get("alice_renamed".getBytes(StandardCharsets.UTF_8)))).isTrue();
    }
    drop(names);
  }

  private static LoadSummary load(String namespace, Path dir, Path... files) throws IOException {
    return TestLoads.load(MiniHBase.connection(), new TableNames(namespace), spec(), LoadMode.DIRECT, dir, files);
  }

  /** The default indexes and a plug-in one. */
  private static IndexSpec spec() {
    List<IndexDefinition> indexes = new ArrayList<>(IndexSpec.defaults().indexes());
    indexes.add(new IndexDefinition("by-name", null, null, null, FailingIndexer.class.getName()));
    return new IndexSpec(indexes);
  }

  /** Each table's cell count and digest, by its name without the namespace; then the tables go. */
  private static Map<String, String> tables(String namespace) throws IOException {
    Map<String, String> digests = new TreeMap<>();
    TableSnapshot.of(MiniHBase.connection(), namespace)
        .forEach((table, digest) -> digests.put(table.substring(table.indexOf(':') + 1), digest));
    drop(new TableNames(namespace));
    return digests;
  }

  private static void drop(TableNames names) throws IOException {
    // the shared cluster reopens every region after a restart: leave it no more than needed
    new MonthTables(MiniHBase.connection(), names, spec(), 1).drop(Month.parse("2013-08"));
  }

  private static Path write(Path dir, String name, String... lines) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(name);
    try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(file));
         Writer out = new java.io.OutputStreamWriter(gz, StandardCharsets.UTF_8)) {
      for (String line : lines) {
        out.write(line + "\n");
      }
    }
    return file;
  }

  private static String retweet(String createdAt, long id, long userId, String screenName, String originalAuthor) {
    String original = ORIGINAL.replace("\"screen_name\":\"alice\"", "\"screen_name\":\"" + originalAuthor + "\"");
    return status(createdAt, id, "RT @" + originalAuthor + ": a #fixture worth retweeting",
        8 + originalAuthor.length(), 16 + originalAuthor.length(), userId, screenName, original);
  }

  private static String status(String createdAt, long id, String text, int tagFrom, int tagTo, long userId,
      String screenName, String retweeted) {
    return "{\"created_at\":\"" + createdAt + "\",\"id\":" + id + ",\"id_str\":\"" + id + "\",\"text\":\"" + text
        + "\",\"entities\":{\"hashtags\":[{\"text\":\"fixture\",\"indices\":[" + tagFrom + "," + tagTo + "]}],"
        + "\"user_mentions\":[],\"urls\":[]},\"user\":{\"id\":" + userId + ",\"id_str\":\"" + userId
        + "\",\"screen_name\":\"" + screenName + "\"},\"lang\":\"en\""
        + (retweeted == null ? "" : ",\"retweeted_status\":" + retweeted) + "}";
  }
}
