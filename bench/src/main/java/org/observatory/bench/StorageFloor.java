package org.observatory.bench;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.observatory.loader.TweetFiles;
import org.observatory.schemas.tables.Codecs;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.schemas.tweet.TweetParser;

/**
 * The least any table layout that keeps what Observatory keeps could take ({@code bench/run.sh floor
 * FILES or directories}): each stored tweet's JSON and each profile snapshot (as the parser cuts them, deleted tweets
 * left out), in the tables' row order, ZSTD-compressed in chunks, with no key, index or file overhead.
 * First as the tables compress them (level and chunk of {@link Codecs}), then at zstd's strongest level in
 * chunks eight times larger, against the gzipped input. It holds the input's JSON in memory (about 3 KB a
 * tweet): meant for days, not months.
 */
public final class StorageFloor {
  private static final String REAL_DAYS = "../shared/data/tweets";
  private static final int STRONGEST_LEVEL = 19;
  private static final int STRONGEST_CHUNK = 8 * Codecs.ZSTD_BUFFER_BYTES;

  private StorageFloor() {}

  /** Row → JSON, the newest snapshot of each row, in the tables' order (ids are positive: signed order is theirs). */
  private record Rows(TreeMap<Long, Snapshot> tweets, TreeMap<ProfileRow, Snapshot> profiles) {}

  private record ProfileRow(long userId, long tweetId) implements Comparable<ProfileRow> {
    @Override
    public int compareTo(ProfileRow other) {
      int byUser = Long.compare(userId, other.userId);
      return byUser != 0 ? byUser : Long.compare(tweetId, other.tweetId);
    }
  }

  private record Snapshot(long observedAt, byte[] json) {}

  /** The compressed bytes of the tweets' JSON and of the profiles. */
  public record Compressed(long json, long profiles) {}

  public record Figures(long inputBytes, long tweets, Compressed asTables, Compressed strongest) {}

  public static void main(String[] args) throws IOException {
    String[] named = args.length > 0 ? args : new String[] {REAL_DAYS};
    List<Path> files = TweetFiles.expand(Stream.of(named).map(Path::of).toList());
    Figures f = measure(files);
    System.out.printf("%d files, %.1f MB of .json.gz, %d tweets stored: %.1f bytes of input a tweet%n",
        files.size(), f.inputBytes() / 1e6, f.tweets(), f.inputBytes() / (double) f.tweets());
    report("as the tables compress", Codecs.ZSTD_LEVEL, Codecs.ZSTD_BUFFER_BYTES, f.asTables(), f);
    report("zstd's strongest", STRONGEST_LEVEL, STRONGEST_CHUNK, f.strongest(), f);
  }

  public static Figures measure(List<Path> files) throws IOException {
    long inputBytes = 0;
    Rows rows = new Rows(new TreeMap<>(), new TreeMap<>());
    Set<Long> deleted = new HashSet<>();
    for (Path file : files) {
      inputBytes += Files.size(file);
      read(file, rows, deleted);
    }
    rows.tweets().keySet().removeAll(deleted);
    rows.profiles().keySet().removeIf(row -> deleted.contains(row.tweetId()));
    return new Figures(inputBytes, rows.tweets().size(),
        compressed(rows, Codecs.ZSTD_LEVEL, Codecs.ZSTD_BUFFER_BYTES),
        compressed(rows, STRONGEST_LEVEL, STRONGEST_CHUNK));
  }

  private static void read(Path file, Rows rows, Set<Long> deleted) throws IOException {
    TweetParser parser = new TweetParser();
    TweetFiles.read(file, new AtomicLong(), (number, line) -> {
      StreamItem item;
      try {
        item = parser.parse(line);
      } catch (MalformedTweetException e) {
        return; // set aside by a load, stored nowhere
      }
      if (item instanceof StreamItem.DeleteNotice notice) {
        deleted.add(notice.statusId());
      } else if (item instanceof StreamItem.Status status) {
        for (Tweet t : status.all()) {
          keep(rows.tweets(), t.id(), t.observedAt(), t.json());
          keep(rows.profiles(), new ProfileRow(t.user().id(), t.id()), t.observedAt(), t.user().json());
        }
      }
    });
  }

  private static <K> void keep(TreeMap<K, Snapshot> rows, K row, long observedAt, String json) {
    rows.merge(row, new Snapshot(observedAt, json.getBytes(StandardCharsets.UTF_8)),
        (old, now) -> now.observedAt() > old.observedAt() ? now : old);
  }

  private static void report(String how, int level, int chunkBytes, Compressed c, Figures f) {
    double perTweet = (c.json() + c.profiles()) / (double) f.tweets();
    System.out.printf("%s (level %d, %d KB chunks): tweets' JSON %.1f + profiles %.1f = %.1f bytes a tweet, "
            + "%.2fx the input%n", how, level, chunkBytes >> 10, c.json() / (double) f.tweets(),
        c.profiles() / (double) f.tweets(), perTweet, (c.json() + c.profiles()) / (double) f.inputBytes());
  }

  private static Compressed compressed(Rows rows, int level, int chunkBytes) {
    return new Compressed(compressed(rows.tweets().values(), level, chunkBytes),
        compressed(rows.profiles().values(), level, chunkBytes));
  }

  /** The documents' bytes compressed in chunks of about {@code chunkBytes}, each on its own. */
  private static long compressed(Collection<Snapshot> documents, int level, int chunkBytes) {
    long total = 0;
    List<byte[]> chunk = new ArrayList<>();
    int size = 0;
    for (Snapshot document : documents) {
      chunk.add(document.json());
      size += document.json().length;
      if (size >= chunkBytes) {
        total += Zstd.compress(concat(chunk, size), level).length;
        chunk.clear();
        size = 0;
      }
    }
    return size == 0 ? total : total + Zstd.compress(concat(chunk, size), level).length;
  }

  private static byte[] concat(List<byte[]> parts, int size) {
    byte[] all = new byte[size];
    int at = 0;
    for (byte[] part : parts) {
      System.arraycopy(part, 0, all, at, part.length);
      at += part.length;
    }
    return all;
  }
}
