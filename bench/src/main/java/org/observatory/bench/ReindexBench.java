package org.observatory.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.YearMonth;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Index evolution, measured ({@code bench/run.sh reindex}): the first month of the corpus loaded with the meme
 * index of old (no user ids in its cells), then rebuilt from the tweet table twice by {@code observatory
 * reindex}, once by the same definition and once with the poster's user id in each cell: the rebuild's
 * throughput, and the index table's size without and with user ids (both built the same way, flushed, not
 * compacted). user-post-count at 1 and 16 days, through phase 2 before and from the index after.
 * Takes the harness's options; writes {@code reindex.json} and {@code reindex.md}.
 */
public final class ReindexBench {
  /** The shipped specification, read from the source tree the benchmark runs in. */
  private static final Path SHIPPED_SPEC =
      Path.of("schemas/src/main/resources/org/observatory/schemas/index/default-index-spec.yaml");
  private static final Pattern TWEETS = Pattern.compile("from (\\d+) tweets");
  private static final List<Window> WINDOWS = Window.list("1d,16d");

  private ReindexBench() {}

  /** One rebuild of the meme index: tweets read, its time and rate, and the new table's bytes on disk. */
  public record Rebuild(long tweets, double seconds, double tweetsPerSecond, long tableBytes) {}

  public record Results(HarnessSettings settings, String month, Rebuild sameDefinition, Rebuild withUserIds,
      double growth, List<QueryStage.Timing> before, List<QueryStage.Timing> after) {}

  public static void main(String[] args) throws Exception {
    HarnessSettings s = HarnessSettings.fromCommandLine(args);
    Path run = Files.createTempDirectory(Files.createDirectories(Path.of(s.work())), "reindex-");
    App app = new App(s.appJar(), s.javaOptions(), Path.of(s.out(), "logs"));
    Store store = Store.create(run.resolve("store"));
    try {
      Corpus corpus = Corpus.ensure(app, s);
      String month = YearMonth.from(s.firstDay()).toString();
      Path oldSpec = run.resolve("spec-without-user-ids.yaml");
      Files.writeString(oldSpec, withoutMemeUserIds(Files.readString(SHIPPED_SPEC)));
      Path old = store.config("old", null, oldSpec);
      Path shipped = store.config(null);

      System.err.println("== bulk load, the meme index without user ids");
      app.run("reindex-load", "load", "-c", old.toString(), "--mode", "bulk", corpus.dir());
      List<QueryStage.Timing> before = userPostCount(app, store, s, "reindex-server-before");
      System.err.println("== rebuild the meme index by the same definition, then with user ids");
      Rebuild same = rebuild(app, store, old, month, 2);
      Rebuild withIds = rebuild(app, store, shipped, month, 3);
      List<QueryStage.Timing> after = userPostCount(app, store, s, "reindex-server-after");

      Results r = new Results(s, month, same, withIds,
          Math.round((withIds.tableBytes() / (double) same.tableBytes() - 1) * 1000) / 1000.0, before, after);
      Path out = Files.createDirectories(Path.of(s.out()));
      new ObjectMapper().findAndRegisterModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.resolve("reindex.json").toFile(), r);
      String markdown = markdown(r);
      Files.writeString(out.resolve("reindex.md"), markdown);
      System.out.println(markdown);
    } finally {
      Store.deleteTree(run);
    }
  }

  /** The shipped specification as it was before: the meme index, its first, without {@code value: user.id}. */
  static String withoutMemeUserIds(String shipped) {
    int meme = shipped.indexOf("- name: meme\n");
    int next = meme < 0 ? -1 : shipped.indexOf("- name: ", meme + 1);
    if (next < 0 || !shipped.substring(meme, next).contains("    value: user.id\n")) {
      throw new IllegalStateException("the shipped specification's meme index has no user ids to leave out");
    }
    return shipped.substring(0, meme) + shipped.substring(meme, next).replace("    value: user.id\n", "")
        + shipped.substring(next);
  }

  private static List<QueryStage.Timing> userPostCount(App app, Store store, HarnessSettings s, String name)
      throws Exception {
    System.err.println("== user-post-count (" + name + ")");
    try (App.Service service = app.serve(name, store, null)) {
      return QueryStage.time(new ServiceClient(service.url()), s, List.of("user-post-count"), WINDOWS);
    }
  }

  private static Rebuild rebuild(App app, Store store, Path config, String month, int revision) throws Exception {
    CommandSummary summary = app.run("reindex-r" + revision, "reindex", "-c", config.toString(), "--index", "meme",
        "--retire-after", "0", month);
    Matcher tweets = TWEETS.matcher(summary.line());
    if (!tweets.find()) {
      throw new IllegalStateException("no tweet count in the reindex summary: " + summary.line());
    }
    return new Rebuild(Long.parseLong(tweets.group(1)), summary.seconds(), summary.rate("tweets"),
        StorageStage.bytes(store.tablesDir().resolve("index-meme.r" + revision + "-" + month)));
  }

  private static String markdown(Results r) {
    StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "# Index evolution (%d days x %,d statuses "
        + "from %s)%n%n| rebuild of the meme index of %s | tweets | s | tweets/s | table bytes |%n|---|---|---|---|---|%n",
        r.settings().days(), r.settings().perDay(), r.settings().firstDay(), r.month()));
    for (var rebuild : List.of(List.of("by the same definition", r.sameDefinition()),
        List.of("with user ids", r.withUserIds()))) {
      Rebuild b = (Rebuild) rebuild.get(1);
      md.append(String.format(Locale.ROOT, "| %s | %,d | %.1f | %,.0f | %,d |%n", rebuild.get(0), b.tweets(),
          b.seconds(), b.tweetsPerSecond(), b.tableBytes()));
    }
    md.append(String.format(Locale.ROOT, "%nUser ids make the meme index %+.1f%% bigger.%n%n", r.growth() * 100))
        .append("| user-post-count | phase-1 tweets | users | before | after | ratio |\n|---|---|---|---|---|---|\n");
    for (Window w : WINDOWS) {
      QueryStage.Timing before = QueryStage.find(r.before(), "user-post-count", w.name());
      QueryStage.Timing after = QueryStage.find(r.after(), "user-post-count", w.name());
      md.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %.0f ms (%s) | %.0f ms (%s) | %.1fx |%n", w.name(),
          after.phase1Tweets(), after.size(), before.medianMs(), before.evaluation(), after.medianMs(),
          after.evaluation(), before.medianMs() / after.medianMs()));
    }
    return md.toString();
  }
}
