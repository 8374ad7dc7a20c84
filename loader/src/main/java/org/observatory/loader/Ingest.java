package org.observatory.loader;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.observatory.indexer.IndexPlacement;
import org.observatory.indexer.Indexer;
import org.observatory.indexer.TableMutation;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.WrittenHours;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.schemas.tweet.TweetParser;

/**
 * The path every loader's lines take to the tables, a batch at a time: parse; record delete notices
 * as tombstones; drop the tweets that have tombstones; index the rest; hand the puts, merged by row,
 * to a sink. A tweet seen again (an original in another retweet) is stored as the newer snapshot
 * without its declarative index entries when the input put them already ({@link IndexedTweets}).
 * Bad lines are counted and set aside. The ids of delete notices are kept for the caller
 * to erase once everything loaded before them is written, and the hours written, for the caller to
 * move on in the counts table once stored ({@link WrittenHours}). Not thread-safe: one per input or
 * stream.
 */
public final class Ingest implements LineIngest {
  /** Where a batch's puts go: a table writer, or a MapReduce job's output. */
  @FunctionalInterface
  public interface Sink {
    void write(List<TablePuts> puts) throws IOException;

    /**
     * Whether the puts of one row should come merged into one ({@link PutBatch}); a sink that does not
     * merge them is given each line's puts as soon as they are made.
     */
    default boolean mergesRows() {
      return true;
    }
  }

  /** Tweets whose puts are merged by row before they go to the sink. */
  static final int BATCH_TWEETS = 2000;
  private static final TweetParser PARSER = new TweetParser();
  private static final int RECENT_SNAPSHOTS = 1 << 16;

  private final Indexer indexer;
  private final Tombstones tombstones;
  private final LoadCounters counters;
  private final Sink sink;
  private final SeenIds seen;
  private final IndexedTweets indexed;
  private final List<Line> statuses = new ArrayList<>();
  private final List<StreamItem.DeleteNotice> notices = new ArrayList<>();
  private final List<Long> deleted = new ArrayList<>();
  private WrittenHours written = new WrittenHours();
  /**
   * Tweet id → observation time of the snapshots this input stored lately. The stream delivers some
   * statuses twice, a few lines apart, sometimes with the JSON written differently; two snapshots
   * with one timestamp are a tie that HBase would settle by write order, which differs between the
   * direct and bulk modes. Keeping the first makes both modes store the same.
   */
  private final Map<Long, Long> recent = new java.util.LinkedHashMap<>(1 << 12, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, Long> eldest) {
      return size() > RECENT_SNAPSHOTS;
    }
  };

  /**
   * @param indexed the tweets whose entries the input put lately, kept across batches (and a stream's
   *     segments) by the caller, who makes it forget them when a write fails
   * @param countRepeats whether to count ids stored twice (memory grows with the input)
   */
  public Ingest(Indexer indexer, Tombstones tombstones, LoadCounters counters, Sink sink, IndexedTweets indexed,
      boolean countRepeats) {
    this.indexer = indexer;
    this.indexed = indexed;
    this.tombstones = tombstones;
    this.counters = counters;
    this.sink = sink;
    this.seen = countRepeats ? new SeenIds() : null;
  }

  @Override
  public void line(long number, String text, RejectedLines rejects) throws IOException {
    counters.increment(LoadCounter.LINES);
    if (text.isBlank()) {
      counters.increment(LoadCounter.BLANK_LINES);
      return;
    }
    StreamItem item;
    try {
      item = PARSER.parse(text);
    } catch (MalformedTweetException e) {
      counters.increment(LoadCounter.MALFORMED);
      rejects.reject(number, e.getMessage(), text);
      return;
    }
    item(number, item, text, rejects);
  }

  /**
   * Takes what a line held, parsed already; writes a batch when one is full.
   *
   * @param text the line as received, set aside if a plug-in indexer fails on it
   */
  public void item(long number, StreamItem item, String text, RejectedLines rejects) throws IOException {
    counters.count(item);
    if (item instanceof StreamItem.Status status) {
      statuses.add(new Line(status, number, text, rejects));
      if (statuses.size() >= BATCH_TWEETS) {
        flush();
      }
    } else if (item instanceof StreamItem.DeleteNotice notice) {
      notices.add(notice);
    }
  }

  /** Records the pending delete notices, then indexes and writes the pending statuses. */
  @Override
  public void flush() throws IOException {
    tombstones.record(notices);
    notices.forEach(n -> deleted.add(n.statusId()));
    notices.clear();
    if (statuses.isEmpty()) {
      return;
    }
    List<Long> ids = new ArrayList<>();
    statuses.forEach(s -> s.status.all().forEach(t -> ids.add(t.id())));
    Set<Long> dead = tombstones.deletedAmong(ids);
    List<Tweet> tweets = new ArrayList<>();
    statuses.forEach(s -> tweets.addAll(s.status.all()));
    IndexPlacement.Placed placed = indexer.place(tweets); // once per batch: indexing a tweet reads nothing
    Map<Month, List<IndexPlacement.Target>> targets = new HashMap<>();
    tweets.forEach(t -> targets.computeIfAbsent(Month.of(t.createdAt()), m -> indexer.targets(placed, m)));
    indexed.placedAs(targets);
    PutBatch batch = new PutBatch(sink.mergesRows());
    for (Line line : statuses) {
      store(line, dead, placed, batch);
      if (!sink.mergesRows()) { // a sink of cells copies a line's while they are still in the cache
        sink.write(batch.drain());
      }
    }
    statuses.clear();
    sink.write(batch.drain());
  }

  @Override
  public List<Long> drainDeleted() {
    List<Long> ids = List.copyOf(deleted);
    deleted.clear();
    return ids;
  }

  @Override
  public WrittenHours drainWrittenHours() {
    WrittenHours hours = written;
    written = new WrittenHours();
    return hours;
  }

  @Override
  public void countRepeats() {
    if (seen != null) {
      counters.add(LoadCounter.DUPLICATES, seen.repeats());
    }
  }

  /**
   * Indexes one line's tweets into the batch. A line a plug-in fails on is set aside whole, and leaves
   * no other trace: nothing of it is counted, remembered or marked written.
   */
  private void store(Line line, Set<Long> dead, IndexPlacement.Placed placed, PutBatch batch) {
    List<TableMutation> mutations = new ArrayList<>();
    List<Tweet> stored = new ArrayList<>();
    List<Tweet> entriesPut = new ArrayList<>();
    int deletedSkipped = 0;
    int repeatsSkipped = 0;
    try {
      for (Tweet tweet : line.status.all()) {
        if (dead.contains(tweet.id())) {
          deletedSkipped++;
        } else if (Long.valueOf(tweet.observedAt()).equals(recent.get(tweet.id()))) {
          repeatsSkipped++;
        } else if (indexed.contains(tweet)) {
          mutations.addAll(indexer.snapshotMutations(tweet, placed));
          stored.add(tweet);
        } else {
          mutations.addAll(indexer.mutations(tweet, placed));
          stored.add(tweet);
          entriesPut.add(tweet);
        }
      }
    } catch (RuntimeException e) { // a plug-in indexer's fault must not stop the load
      counters.increment(LoadCounter.INDEXER_FAILURES);
      line.rejects.reject(line.number, "indexing failed: " + e, line.text);
      return;
    }
    batch.add(mutations);
    for (Tweet tweet : stored) {
      recent.put(tweet.id(), tweet.observedAt());
      written.add(tweet.createdAt());
    }
    entriesPut.forEach(indexed::add);
    counters.add(LoadCounter.DELETED_SKIPPED, deletedSkipped);
    counters.add(LoadCounter.REPEATS_SKIPPED, repeatsSkipped);
    counters.add(LoadCounter.ALREADY_INDEXED, stored.size() - entriesPut.size());
    mutations.forEach(m -> counters.countPut(m.source()));
    if (seen != null) {
      line.status.all().forEach(t -> seen.add(t.id()));
    }
  }

  private record Line(StreamItem.Status status, long number, String text, RejectedLines rejects) {}
}
