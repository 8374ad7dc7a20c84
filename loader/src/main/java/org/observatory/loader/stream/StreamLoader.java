package org.observatory.loader.stream;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.SlidingTimeWindowArrayReservoir;
import com.codahale.metrics.Timer;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.observatory.indexer.Indexer;
import org.observatory.loader.LoadCounter;
import org.observatory.loader.Deletions;
import org.observatory.loader.IndexedTweets;
import org.observatory.loader.LineIngest;
import org.observatory.loader.bluesky.PlatformIngest;
import org.observatory.loader.LoadCounters;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.RejectedLines;
import org.observatory.loader.TablePuts;
import org.observatory.loader.TableWriter;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.WrittenHours;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The streaming loader: lines from a source go, when this loader's part keeps them, into the durable
 * {@link Spool}; a loading thread takes the spool's segments oldest first through {@link Ingest} and
 * a {@link TableWriter}, and deletes a segment only once its tweets are flushed to HBase. If HBase
 * cannot be written, the segment is tried again (rows are deterministic, so a repeat is harmless) on a
 * fresh connection — HBase may have come back elsewhere, with a new ZooKeeper session and region
 * servers — while the source goes on filling the spool; a full spool holds the source back.
 */
public final class StreamLoader {
  private static final Logger LOG = LoggerFactory.getLogger(StreamLoader.class);
  private static final long MAX_BACKOFF_MILLIS = 10_000;

  /** Opens a connection to the store; called at the start, and again after a write has failed. */
  @FunctionalInterface
  public interface Connector {
    Connected connect() throws IOException;
  }

  /**
   * A connection's kit, and the indexer that places entries with it (the kit's, or one placing them
   * otherwise). The loader closes the kit's connection when it is done with it.
   */
  public record Connected(LoaderKit kit, Indexer indexer) {}

  private final Connector connector;
  private final StreamSettings settings;
  private final LoadCounters counters = new LoadCounters();
  private final Meter accepted;
  private final Counter otherParts;
  private final Timer latency;
  private final Counter writeFailures;
  private volatile Spool spool;
  private volatile String lastFailure;
  private volatile long failingSince;
  /** When the segment being written began (System.nanoTime), 0 between segments. */
  private volatile long writingSince;
  private volatile boolean stopping;
  /** The source has ended: load what the spool holds, then finish. */
  private volatile boolean sourceEnded;
  private volatile LineSource source;
  private final CountDownLatch finished = new CountDownLatch(1);
  // The loading thread's own: kept across segments so that buffers and known months carry over.
  private Connected store;
  private Deletions deletions;
  private PlatformIngest ingests;
  /** Across segments: an original retweeted in one segment is often retweeted again in the next. */
  private final IndexedTweets indexed = new IndexedTweets();
  /**
   * Written through by the storing thread alone: the loading thread indexes a segment into a list of
   * puts and hands it over. (Written through by both, a writer lost tweets: a mutator's flush returns
   * at once when another thread's write has taken its buffer, while those puts are still on their way
   * and may yet fail.)
   */
  private TableWriter writer;
  /** Stores the indexed segments one at a time, in order, while the loading thread indexes the next. */
  private final ExecutorService storing = Executors.newSingleThreadExecutor(daemon("stream-storing"));
  private volatile InFlight inFlight;

  public StreamLoader(Connector connector, StreamSettings settings, MetricRegistry metrics) {
    this.connector = connector;
    this.settings = settings;
    accepted = metrics.meter("stream.lines-accepted");
    otherParts = metrics.counter("stream.lines-for-other-loaders");
    // Over the last minute, so that the figure says how the daemon keeps up now: the default reservoir
    // weighs five minutes, and a start's first seconds (JIT, new tables) would linger in it.
    latency = metrics.timer("stream.arrival-to-stored",
        () -> new Timer(new SlidingTimeWindowArrayReservoir(1, TimeUnit.MINUTES)));
    writeFailures = metrics.counter("stream.write-failures");
    metrics.register("stream.spool-bytes", (Gauge<Long>) () -> spool == null ? 0 : spool.bytes());
    metrics.register("stream.spool-segments", (Gauge<Integer>) () -> spool == null ? 0 : spool.readySegments());
    metrics.register("stream.lag-ms", (Gauge<Long>) () -> spool == null ? 0 : spool.lagMillis());
    metrics.register("stream.tweets-stored", (Gauge<Long>) () -> counters.puts().getOrDefault("tweets", 0L));
    metrics.register("stream.statuses", (Gauge<Long>) () -> counters.sum(LoadCounter.STATUSES));
    metrics.register("stream.delete-notices", (Gauge<Long>) () -> counters.sum(LoadCounter.DELETE_NOTICES));
    metrics.register("stream.malformed", (Gauge<Long>) () -> counters.sum(LoadCounter.MALFORMED));
  }

  /**
   * Loads what the source sends until it ends (then until the spool is empty) or {@link #stop} is
   * called (then for at most {@code drainSeconds} more; the rest stays in the spool).
   */
  public LoadSummary run(LineSource source) throws IOException, InterruptedException {
    this.source = source;
    long start = System.currentTimeMillis();
    spool = new Spool(settings.spoolDir(), settings.spoolMaxBytes(), settings.rollMillis());
    ExecutorService loading = Executors.newSingleThreadExecutor(daemon("stream-loader"));
    ScheduledExecutorService timers = Executors.newScheduledThreadPool(1, daemon("stream-timer"));
    HourlyRecorder recorder = settings.recordDir() == null ? null
        : new HourlyRecorder(settings.recordDir(), recordingPrefix(settings.part()));
    Future<?> loaded = loading.submit(this::loadLoop);
    long rollEvery = Math.max(10, settings.rollMillis() / 2);
    timers.scheduleWithFixedDelay(this::roll, rollEvery, rollEvery, TimeUnit.MILLISECONDS);
    timers.scheduleWithFixedDelay(this::logProgress, settings.progressSeconds(), settings.progressSeconds(),
        TimeUnit.SECONDS);
    try {
      source.stream(line -> {
        if (settings.part().keeps(line)) {
          spool.append(line);
          if (recorder != null) {
            recorder.record(line);
          }
          accepted.mark();
        } else {
          otherParts.inc();
        }
      });
      spool.close();
      LOG.info("the source ended; loading what the spool holds");
      sourceEnded = true;
      awaitQuietly(loaded, Long.MAX_VALUE); // until the spool is empty, or a stop's drain ends
    } finally {
      stopping = true;
      spool.close();
      if (recorder != null) {
        recorder.close();
      }
      timers.shutdownNow();
      awaitQuietly(loaded, settings.drainSeconds() * 1000L + 1000);
      loading.shutdownNow();
      finished.countDown();
    }
    logProgress();
    LoadSummary summary = new LoadSummary(counters, 0, spool.received(), System.currentTimeMillis() - start);
    LOG.info("stream finished: {}", summary);
    return summary;
  }

  /** The recorded files' names begin so: one set of files per loader of a split stream. */
  private static String recordingPrefix(StreamPart part) {
    return part.count() == 1 ? "jetstream" : "jetstream-part-" + part.index() + "-of-" + part.count();
  }

  /** Waits for the loading to end, at most {@code millis}; what it failed with was logged as it happened. */
  private static void awaitQuietly(Future<?> loaded, long millis) throws InterruptedException {
    try {
      loaded.get(millis, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      LOG.error("the stream loader stopped: {}", e.getCause().toString());
    } catch (TimeoutException e) {
      loaded.cancel(true); // the rest stays in the spool for the next start
    }
  }

  /** Stops the source, lets the loader empty the spool for a while, and returns when {@link #run} has. */
  public void stop() throws InterruptedException {
    stopping = true;
    LineSource s = source;
    if (s != null) {
      s.close();
    }
    finished.await(settings.drainSeconds() + 5L, TimeUnit.SECONDS);
  }

  /** Empty when healthy; otherwise what is wrong. */
  public Optional<String> problem() {
    LineSource from = source;
    Optional<String> sourceProblem = from == null ? Optional.empty() : from.problem();
    if (sourceProblem.isPresent()) {
      return sourceProblem;
    }
    Spool s = spool;
    Optional<String> heldBack = s == null ? Optional.empty() : s.heldBackBecause();
    if (heldBack.isPresent()) {
      return Optional.of(heldBack.get() + ": the source is held back"
          + (lastFailure == null ? "" : "; HBase writes failing: " + lastFailure));
    }
    if (s != null && s.lagMillis() > settings.maxLagSeconds() * 1000L) {
      return Optional.of("lines have waited " + s.lagMillis() / 1000 + " s in the spool (" + (s.bytes() >> 20)
          + " MB)" + (lastFailure == null ? "" : "; HBase writes failing: " + lastFailure));
    }
    if (lastFailure != null) {
      return Optional.of("HBase writes failing for " + (System.currentTimeMillis() - failingSince) / 1000
          + " s, tweets kept in the spool: " + lastFailure);
    }
    InFlight stored = inFlight;
    long since = stored != null ? stored.sinceNanos() : writingSince; // the older of the two
    long writing = since == 0 ? 0 : (System.nanoTime() - since) / 1_000_000_000L;
    if (writing >= settings.stalledWriteSeconds()) {
      return Optional.of("a write to HBase has not finished for " + writing + " s; tweets kept in the spool");
    }
    return Optional.empty();
  }

  public LoadCounters counters() {
    return counters;
  }

  private void loadLoop() {
    try {
      loadSegments();
    } finally {
      disconnect();
      storing.shutdown();
    }
  }

  private void loadSegments() {
    long drainDeadline = Long.MAX_VALUE;
    long backoff = 100;
    while (true) {
      if (stopping && drainDeadline == Long.MAX_VALUE) {
        drainDeadline = System.currentTimeMillis() + settings.drainSeconds() * 1000L;
      }
      if (System.currentTimeMillis() > drainDeadline) {
        return;
      }
      try {
        Spool.Segment segment = spool.next(200, inFlight == null ? null : inFlight.segment());
        if (segment == null) {
          if (inFlight != null) {
            awaitStored(); // nothing else to index meanwhile
          } else if ((stopping || sourceEnded) && spool.isEmpty()) {
            return;
          }
          continue;
        }
        writingSince = System.nanoTime();
        try {
          load(segment);
        } finally {
          writingSince = 0;
        }
        backoff = 100;
      } catch (InterruptedException e) {
        return;
      } catch (IOException | RuntimeException e) {
        writeFailures.inc();
        if (lastFailure == null) {
          failingSince = System.currentTimeMillis();
          LOG.error("cannot write to HBase ({}); keeping tweets in the spool and retrying", e.toString());
        }
        lastFailure = e.toString();
        disconnect(); // a writer's failure sticks to it, a connection's to a store that is gone
        indexed.forget(); // the segments loaded again must put their tweets' entries again
        try {
          Thread.sleep(backoff);
        } catch (InterruptedException stop) {
          return;
        }
        backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
      }
    }
  }

  /**
   * Indexes one segment into puts, then hands them to the storing thread once the segment before it is
   * stored, so that indexing the next overlaps storing this one (13 % faster replays). The loading
   * thread makes no write of its own: a table's write buffer that filled used to make it wait for the
   * region server. A failure to store either surfaces here.
   */
  private void load(Spool.Segment segment) throws IOException, InterruptedException {
    if (store == null) {
      store = connector.connect();
    }
    Indexer indexer = store.indexer();
    if (writer == null) {
      MonthTables monthTables = store.kit().monthTables();
      deletions = store.kit().deletions(indexer, monthTables);
      ingests = PlatformIngest.of(store.kit());
      writer = newWriter(monthTables);
    }
    LoadCounters segmentCounts = new LoadCounters();
    List<TablePuts> puts = new ArrayList<>();
    List<Long> deleted;
    WrittenHours written;
    try (RejectedLines rejects = RejectedLines.inDirectory(settings.rejectsDir(), segment.file());
         BufferedReader lines = Files.newBufferedReader(segment.file(), StandardCharsets.UTF_8)) {
      LineIngest ingest = ingests.open(indexer, deletions.tombstones(), segmentCounts, puts::addAll, indexed, false);
      long number = 0;
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        ingest.line(++number, line, rejects);
      }
      ingest.flush();
      deleted = ingest.drainDeleted();
      written = ingest.drainWrittenHours();
    }
    awaitStored();
    TableWriter storingWriter = writer;
    Deletions erasing = deletions;
    LoaderKit kit = store.kit();
    inFlight = new InFlight(segment, System.nanoTime(), storing.submit(() -> {
      store(segment, puts, storingWriter, erasing, deleted, written, kit, segmentCounts);
      return null;
    }));
  }

  private TableWriter newWriter(MonthTables monthTables) {
    return new TableWriter(store.kit().connection(), monthTables, settings.writeBufferBytes(), settings.durability(),
        true);
  }

  /**
   * One segment, all the way into HBase: its tweets flushed, then the tweets its notices name erased,
   * then the hours it wrote moved on in the counts table; then it leaves the spool.
   */
  private void store(Spool.Segment segment, List<TablePuts> puts, TableWriter storingWriter, Deletions erasing,
      List<Long> deleted, WrittenHours written, LoaderKit kit, LoadCounters segmentCounts) throws IOException {
    storingWriter.write(puts);
    storingWriter.flush();
    segmentCounts.add(LoadCounter.ERASED, erasing.eraser().erase(deleted).size());
    written.bump(kit.connection(), kit.names());
    counters.add(segmentCounts); // only once the segment is stored: a retried segment counts once
    spool.done(segment);
    if (segment.firstAppendNanos() != 0) {
      long nanos = System.nanoTime() - segment.firstAppendNanos();
      latency.update(nanos, TimeUnit.NANOSECONDS);
      LOG.debug("segment stored, arrival-to-stored {} ms", TimeUnit.NANOSECONDS.toMillis(nanos));
    }
  }

  /** Waits for the segment being stored, if any; a failure to store it is thrown here. */
  private void awaitStored() throws IOException, InterruptedException {
    InFlight storing = inFlight;
    if (storing == null) {
      return;
    }
    try {
      storing.stored().get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof IOException io ? io : new IOException(cause);
    } finally {
      inFlight = null;
    }
    if (lastFailure != null) {
      LOG.info("HBase takes writes again after {} s; loading the spool", (System.currentTimeMillis() - failingSince) / 1000);
    }
    lastFailure = null;
  }

  /** Lets the segment being stored finish either way: it stays in the spool unless it was stored. */
  private void settleStoring() {
    try {
      awaitStored();
    } catch (IOException | RuntimeException e) {
      // the segment stays in the spool for the next attempt
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private record InFlight(Spool.Segment segment, long sinceNanos, Future<?> stored) {}

  /** Drops the writer and the connection, once nothing stores through them; the next segment opens new ones. */
  private void disconnect() {
    settleStoring();
    try {
      if (writer != null) {
        writer.close();
      }
    } catch (IOException e) {
      // its tweets are still in the spool
    }
    writer = null;
    if (store != null) {
      try {
        store.kit().connection().close();
      } catch (IOException e) {
        // a connection to a store that is gone
      }
      store = null;
    }
  }

  private void roll() {
    try {
      spool.rollIfDue(false);
    } catch (IOException e) {
      LOG.error("cannot hand a spool segment over: {}", e.toString());
    }
  }

  private static ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  private void logProgress() {
    Spool s = spool;
    LOG.info("stream: {} lines/s accepted (1 min), {} statuses and {} delete notices stored, spool {} KB in {} "
            + "segments, lag {} ms, arrival-to-stored p99 (1 min) {} ms{}",
        Math.round(accepted.getOneMinuteRate()), counters.sum(LoadCounter.STATUSES), counters.sum(LoadCounter.DELETE_NOTICES),
        s == null ? 0 : s.bytes() >> 10, s == null ? 0 : s.readySegments(), s == null ? 0 : s.lagMillis(),
        Math.round(latency.getSnapshot().get99thPercentile() / 1e6),
        problem().map(p -> "; " + p).orElse(""));
  }
}
