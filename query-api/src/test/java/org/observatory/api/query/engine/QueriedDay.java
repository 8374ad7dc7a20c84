package org.observatory.api.query.engine;

import java.nio.file.Files;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import org.apache.hadoop.fs.Path;
import org.observatory.api.hbase.HBaseFactory;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.query.fetch.TweetAssembler;
import org.observatory.api.query.fetch.TweetFetcher;
import org.observatory.api.query.fetch.mapreduce.ContentJob;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.RawMemes;
import org.observatory.testdata.SharedData;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.TestLoads;

/**
 * A real day of tweets (2013-08-10, or another shared day) loaded into the mini cluster, the engine over it — connected the way
 * the service connects to any cluster, through a ZooKeeper quorum — and the raw file to check it against.
 */
public final class QueriedDay implements AutoCloseable {
  static final String DAY = "2013-08-10";

  final ExecutorService pool = Executors.newFixedThreadPool(4);
  /** The day loaded, as {@code 2013-08-10}. */
  final String day;
  final TableNames names;
  final RawMemes raw;
  final HBaseStore cluster;
  /** Phase 2 in the service up to the threshold, as configured by default. */
  final Ask ask;

  QueriedDay(String namespace) throws Exception {
    this(namespace, SharedData.DAY_2013, DAY);
  }

  /** @param file a shared day's file; {@code day} the date its tweets are of */
  QueriedDay(String namespace, String file, String day) throws Exception {
    this.day = day;
    names = new TableNames(namespace);
    TestLoads.load(MiniHBase.connection(), names, Files.createTempDirectory("rejects"), SharedData.file(file));
    raw = RawMemes.of(file);
    cluster = new HBaseFactory().withZookeeper("localhost", MiniHBase.zookeeperPort())
        .withNamespace(names.namespace()).open(false);
    IndexSpec spec = IndexSpec.defaults();
    IndexScanner scanner = new IndexScanner(cluster.connection(), cluster.tableNames(), spec, pool, 30_000, 5_000_000);
    TweetFetcher fetcher = new TweetFetcher(cluster.connection(), cluster.tableNames(), pool, 30_000);
    TweetAssembler assembler = new TweetAssembler(cluster.connection(), cluster.tableNames());
    ContentJob job = new ContentJob(cluster.connection().getConfiguration(), cluster.tableNames(), spec,
        new ContentJob.Settings(new Path(Files.createTempDirectory("query-work").toString()), 2), 60_000);
    ask = new Ask(new QueryEngine(spec, new QuerySettings(), scanner, fetcher, assembler, job));
  }

  /** The day's five most frequent hashtags, its most frequent mention and URL, and an absent hashtag. */
  List<String> memes() {
    List<String> memes = new ArrayList<>(raw.mostFrequent("#", 5));
    memes.addAll(raw.mostFrequent("@", 1));
    memes.addAll(raw.mostFrequent("http", 1));
    memes.add("#nosuchhashtaganywhere");
    return memes;
  }

  /** The raw tweets of the day that pass the test. */
  List<RawMemes.RawTweet> matching(Predicate<RawMemes.RawTweet> which) {
    long start = millis(day);
    return raw.tweets().stream().filter(t -> t.createdAt() >= start && t.createdAt() < start + 86_400_000L)
        .filter(which).toList();
  }

  /** The raw tweets of the day that hold any of the memes. */
  List<RawMemes.RawTweet> matching(List<String> memes) {
    return matching(t -> memes.stream().anyMatch(t.memes()::contains));
  }

  static TimeWindow window() {
    return TimeWindow.parse(DAY, DAY, 10);
  }

  public static long millis(String day) {
    return LocalDate.parse(day).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  @Override
  public void close() throws Exception {
    pool.shutdownNow();
    cluster.close();
  }
}
