package org.observatory.api.jobs;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.lifecycle.Managed;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Progress;
import org.observatory.api.query.catalogue.Query;
import org.observatory.api.query.catalogue.QueryKind;
import org.observatory.api.query.engine.Asked;
import org.observatory.api.query.output.QueryResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Query jobs: queries run in the background on a bounded pool, their results written to the job
 * store, where they outlive a restart of the service until they expire. A job the service was running
 * when it stopped is failed at the next start, with a message saying to submit it again.
 */
public final class QueryJobs implements Managed {
  private static final Logger LOG = LoggerFactory.getLogger(QueryJobs.class);

  /** What a job does: writes the query's result and says what it wrote. */
  @FunctionalInterface
  public interface Work {
    Outcome run(Asked query, OutputStream out, Progress progress) throws IOException;
  }

  /** @param meta for counts and rows; @param lines for lookups */
  public record Outcome(QueryResult.Meta meta, Long lines) {}

  private final JobStore store;
  private final Work work;
  private final int threads;
  private final Duration keep;
  private final Map<String, JobStatus> jobs = new ConcurrentHashMap<>();
  private final Map<String, Future<?>> runs = new ConcurrentHashMap<>();
  private ExecutorService pool;
  private ScheduledExecutorService sweeper;
  private ExecutorService storeThread;
  private volatile boolean stopping;

  /**
   * @param dir where jobs and their results are kept (a local path, or an HDFS one)
   * @param threads jobs run at once; more wait in line
   * @param keep how long a finished job and its result are kept
   */
  public static QueryJobs open(Path dir, Configuration conf, ObjectMapper json, Work work, int threads, Duration keep)
      throws IOException {
    return new QueryJobs(new JobStore(dir, conf, json), work, threads, keep);
  }

  QueryJobs(JobStore store, Work work, int threads, Duration keep) {
    this.store = store;
    this.work = work;
    this.threads = threads;
    this.keep = keep;
  }

  @Override
  public void start() throws IOException {
    for (JobStatus job : store.all()) {
      if (!job.state().isFinished()) {
        job = job.ended(JobState.FAILED, "the service stopped before the job finished; submit it again", expiry());
        store.save(job);
      }
      jobs.put(job.id(), job);
    }
    pool = Executors.newFixedThreadPool(threads, daemon("query-job"));
    storeThread = Executors.newSingleThreadExecutor(daemon("query-job-store"));
    sweeper = Executors.newSingleThreadScheduledExecutor(daemon("query-job-sweeper"));
    sweeper.scheduleWithFixedDelay(this::sweep, 0, 1, TimeUnit.MINUTES);
  }

  /** Interrupts the running jobs and gives them a few seconds to record how they ended. */
  @Override
  public void stop() throws InterruptedException {
    stopping = true;
    sweeper.shutdownNow();
    pool.shutdownNow();
    pool.awaitTermination(10, TimeUnit.SECONDS);
    storeThread.shutdown();
    storeThread.awaitTermination(10, TimeUnit.SECONDS);
  }

  /**
   * @param parameters the query's parameters as given, kept with the job for its owner to see
   * @param query of the platforms it asks
   * @param owner the id of the key that submits it
   */
  public JobStatus submit(Asked query, Map<String, String> parameters, String owner) throws IOException {
    JobStatus job = JobStatus.queued(UUID.randomUUID().toString(), owner, query.query().kind().apiName(), parameters);
    jobs.put(job.id(), job);
    persist(job.id());
    runs.put(job.id(), pool.submit(() -> execute(job.id(), query)));
    return job;
  }

  public Optional<JobStatus> get(String id) {
    return Optional.ofNullable(jobs.get(id));
  }

  /** Newest first. */
  public List<JobStatus> list() {
    return jobs.values().stream().sorted(Comparator.comparing(JobStatus::submitted).reversed()).toList();
  }

  /** Cancels a job that has not finished, or removes a finished one; false when there is no such job. */
  public boolean cancel(String id) throws IOException {
    JobStatus job = jobs.get(id);
    if (job == null) {
      return false;
    }
    if (job.state().isFinished()) {
      remove(id);
      return true;
    }
    jobs.computeIfPresent(id, (k, j) -> j.state().isFinished() ? j : j.ended(JobState.CANCELLED, "cancelled", expiry()));
    Future<?> run = runs.remove(id);
    if (run != null) {
      run.cancel(true);
    }
    persist(id);
    return true;
  }

  /** The result of a job that succeeded. */
  public InputStream result(JobStatus job) throws IOException {
    return store.openResult(job.id(), QueryKind.named(job.query()).resultFileName());
  }

  private void execute(String id, Asked asked) {
    Query query = asked.query();
    JobStatus started = jobs.computeIfPresent(id, (k, j) -> j.state() == JobState.QUEUED ? j.running() : j);
    if (started == null || started.state() != JobState.RUNNING) {
      return; // cancelled while queued
    }
    String name = query.kind().resultFileName();
    boolean committed = false;
    try {
      persist(id);
      Outcome outcome;
      try (OutputStream out = store.createResult(id, name)) {
        outcome = work.run(asked, out, fraction -> jobs.computeIfPresent(id, (k, j) -> j.progressed(fraction)));
      }
      store.commitResult(id, name);
      committed = true;
      finish(id, j -> j.succeeded(outcome.meta(), outcome.lines(), expiry()));
    } catch (InterruptedIOException e) {
      finish(id, j -> j.ended(stopping ? JobState.FAILED : JobState.CANCELLED,
          stopping ? "the service stopped before the job finished; submit it again" : "cancelled", expiry()));
    } catch (BadQueryException e) {
      finish(id, j -> j.ended(JobState.FAILED, e.getMessage(), expiry()));
    } catch (IOException | RuntimeException e) {
      LOG.warn("query job {} ({}) failed: {}", id, query.kind().apiName(), e.toString());
      finish(id, j -> j.ended(JobState.FAILED, "the query failed: " + e.getMessage(), expiry()));
    } finally {
      runs.remove(id);
      if (!committed) {
        discard(id, name);
      }
    }
  }

  /** Removes what a job that did not succeed wrote of its result: nothing half-written is kept. */
  private void discard(String id, String name) {
    try {
      onStoreThread(() -> store.discardResult(id, name));
    } catch (IOException e) {
      LOG.warn("could not remove the partial result of query job {}: {}", id, e.toString());
    }
  }

  /** Records how a job ended, unless it was cancelled meanwhile. */
  private void finish(String id, UnaryOperator<JobStatus> how) {
    jobs.computeIfPresent(id, (k, j) -> j.state() == JobState.RUNNING ? how.apply(j) : j);
    try {
      persist(id);
    } catch (IOException e) {
      LOG.warn("could not record the end of query job {}: {}", id, e.toString());
    }
  }

  private void sweep() {
    Instant now = Instant.now();
    for (JobStatus job : List.copyOf(jobs.values())) {
      if (job.expires() != null && job.expires().isBefore(now)) {
        try {
          remove(job.id());
        } catch (IOException e) {
          LOG.warn("could not remove expired query job {}: {}", job.id(), e.toString());
        }
      }
    }
  }

  /**
   * Writes the job as it is now, on the store's own thread: saves in order never leave an older state
   * on disk, and a job interrupted by a cancel or a stop still records how it ended (the local file
   * system forks a process for each file it creates, which an interrupt would abort).
   */
  private void persist(String id) throws IOException {
    onStoreThread(() -> {
      JobStatus job = jobs.get(id);
      if (job != null) {
        store.save(job);
      }
    });
  }

  private void remove(String id) throws IOException {
    jobs.remove(id);
    onStoreThread(() -> store.delete(id));
  }

  private interface StoreWork {
    void run() throws IOException;
  }

  /** Runs the work on the store's thread and waits for it; an interrupted caller stops waiting, the work goes on. */
  private void onStoreThread(StoreWork work) throws IOException {
    Future<?> done = storeThread.submit(() -> {
      work.run();
      return null;
    });
    try {
      done.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
  }

  private Instant expiry() {
    return Instant.now().plus(keep);
  }

  private static ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
