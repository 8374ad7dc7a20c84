package org.observatory.api.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Meme;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.catalogue.MemePostCount;
import org.observatory.api.query.catalogue.QueryKind;
import org.observatory.api.query.engine.Asked;

/** Jobs in the background, kept on disk: they outlive a restart, can be cancelled, and expire. */
class QueryJobsTest {
  private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
  private static final Map<String, String> PARAMETERS = Map.of("memes", "#a");
  /** A query asked of no engine: the work the jobs are given here does not answer it. */
  private static final Asked QUERY = new Asked(List.of(), List.of(new MemePostCount(QueryKind.MEME_POST_COUNT,
      List.of(new Meme("#a", "#a", false)), TimeWindow.parse("2013-08-10", "2013-08-10", 1))));

  @TempDir
  Path dir;

  @Test
  void aFinishedJobsResultOutlivesARestart() throws Exception {
    QueryJobs first = jobs((request, out, progress) -> {
      progress.report(0.5);
      out.write("{\"answer\":42}".getBytes(StandardCharsets.UTF_8));
      return new QueryJobs.Outcome(null, 7L);
    }, Duration.ofHours(1));
    first.start();
    JobStatus job = first.submit(QUERY, PARAMETERS, "tester");
    JobStatus done = awaitFinished(first, job.id());
    first.stop();

    QueryJobs second = jobs((request, out, progress) -> {
      throw new AssertionError("nothing runs again");
    }, Duration.ofHours(1));
    second.start();

    assertThat(done.state()).as(done.toString()).isEqualTo(JobState.SUCCEEDED);
    JobStatus kept = second.get(job.id()).orElseThrow();
    assertThat(kept.state()).isEqualTo(JobState.SUCCEEDED);
    assertThat(kept.lines()).isEqualTo(7L);
    assertThat(kept.parameters()).isEqualTo(Map.of("memes", "#a"));
    assertThat(kept.progress()).isEqualTo(1.0);
    try (InputStream in = second.result(kept)) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("{\"answer\":42}");
    }
    second.stop();
  }

  @Test
  void aJobsDirectoryAndFilesAreItsOwnersAlone() throws Exception {
    QueryJobs jobs = jobs((request, out, progress) -> {
      out.write("{\"answer\":42}".getBytes(StandardCharsets.UTF_8));
      return new QueryJobs.Outcome(null, 1L);
    }, Duration.ofHours(1));
    jobs.start();
    JobStatus job = jobs.submit(QUERY, PARAMETERS, "tester");
    assertThat(awaitFinished(jobs, job.id()).state()).isEqualTo(JobState.SUCCEEDED);
    jobs.stop();

    Path kept = dir.resolve("jobs").resolve(job.id());
    assertThat(permissions(kept)).isEqualTo("rwx------");
    try (var files = Files.list(kept)) {
      List<Path> all = files.toList();
      assertThat(all).hasSizeGreaterThanOrEqualTo(2); // the status and the result
      all.forEach(file -> assertThat(permissions(file)).as(file.toString()).isEqualTo("rw-------"));
    }
  }

  @Test
  void aJobRunningWhenTheServiceStopsIsFailedAtTheNextStart() throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    QueryJobs first = jobs((request, out, progress) -> {
      running.countDown();
      sleepUntilInterrupted();
      throw new InterruptedIOException("stopped");
    }, Duration.ofHours(1));
    first.start();
    JobStatus job = first.submit(QUERY, PARAMETERS, "tester");
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
    first.stop();

    QueryJobs second = jobs((request, out, progress) -> null, Duration.ofHours(1));
    second.start();

    JobStatus after = second.get(job.id()).orElseThrow();
    assertThat(after.state()).isEqualTo(JobState.FAILED);
    assertThat(after.message()).contains("submit it again");
    second.stop();
  }

  @Test
  void cancellingARunningJobInterruptsItsWork() throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    QueryJobs jobs = jobs((request, out, progress) -> {
      out.write("{\"half\":".getBytes(java.nio.charset.StandardCharsets.UTF_8)); // a result under way
      out.flush();
      running.countDown();
      sleepUntilInterrupted();
      interrupted.countDown();
      throw new InterruptedIOException("cancelled");
    }, Duration.ofHours(1));
    jobs.start();
    JobStatus job = jobs.submit(QUERY, PARAMETERS, "tester");
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();

    assertThat(jobs.cancel(job.id())).isTrue();

    assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(awaitFinished(jobs, job.id()).state()).isEqualTo(JobState.CANCELLED);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!resultFiles(job.id()).isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(resultFiles(job.id())).as("the partial result of a cancelled job is removed").isEmpty();
    assertThat(jobs.cancel(job.id())).as("a finished job is removed").isTrue();
    assertThat(jobs.get(job.id())).isEmpty();
    assertThat(jobs.cancel("no-such-job")).isFalse();
    jobs.stop();
  }

  @Test
  void aBadQueryFailsItsJobWithTheMessage() throws Exception {
    QueryJobs jobs = jobs((request, out, progress) -> {
      throw new BadQueryException("'words' holds no searchable word");
    }, Duration.ofHours(1));
    jobs.start();

    JobStatus done = awaitFinished(jobs, jobs.submit(QUERY, PARAMETERS, "tester").id());

    assertThat(done.state()).isEqualTo(JobState.FAILED);
    assertThat(done.message()).isEqualTo("'words' holds no searchable word");
    jobs.stop();
  }

  @Test
  void finishedJobsExpire() throws Exception {
    QueryJobs first = jobs((request, out, progress) -> new QueryJobs.Outcome(null, 0L), Duration.ofMillis(1));
    first.start();
    JobStatus job = awaitFinished(first, first.submit(QUERY, PARAMETERS, "tester").id());
    first.stop();
    Thread.sleep(5);

    QueryJobs second = jobs((request, out, progress) -> null, Duration.ofMillis(1));
    second.start(); // sweeps at once

    assertThat(job.state()).isEqualTo(JobState.SUCCEEDED);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    // the sweep forgets the job, then deletes its directory: wait for both
    while ((second.get(job.id()).isPresent() || Files.exists(dir.resolve("jobs").resolve(job.id())))
        && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(second.get(job.id())).isEmpty();
    assertThat(dir.resolve("jobs").resolve(job.id())).doesNotExist();
    second.stop();
  }

  private static String permissions(Path path) {
    try {
      return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private QueryJobs jobs(QueryJobs.Work work, Duration keep) throws IOException {
    Configuration conf = new Configuration();
    // Hadoop caches file systems JVM-wide; an earlier test's HBase shutting down must not close this one.
    conf.setBoolean("fs.file.impl.disable.cache", true);
    return QueryJobs.open(new org.apache.hadoop.fs.Path(dir.resolve("jobs").toUri()), conf, JSON, work, 2, keep);
  }

  private static JobStatus awaitFinished(QueryJobs jobs, String id) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      JobStatus job = jobs.get(id).orElseThrow();
      if (job.state().isFinished()) {
        return job;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("job " + id + " did not finish");
  }

  private List<String> resultFiles(String id) throws IOException {
    try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(dir.resolve("jobs").resolve(id))) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.contains("result")).toList();
    }
  }

  private static void sleepUntilInterrupted() {
    try {
      Thread.sleep(60_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
