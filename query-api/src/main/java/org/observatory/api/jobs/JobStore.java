package org.observatory.api.jobs;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.observatory.mapreduce.PrivateDirectories;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps query jobs under a directory — local, or on HDFS when the path says so — one directory per
 * job: {@code status.json}, and the result once it is complete. Files appear whole: each is written
 * beside its final name and renamed, so a crash never leaves half a result to be served.
 */
final class JobStore {
  private static final Logger LOG = LoggerFactory.getLogger(JobStore.class);
  private static final String STATUS = "status.json";
  private static final String PARTIAL = ".partial";

  private final Path dir;
  private final FileSystem fs;
  private final ObjectMapper json;

  JobStore(Path dir, Configuration conf, ObjectMapper json) throws IOException {
    this.fs = dir.getFileSystem(conf);
    this.dir = fs.makeQualified(dir);
    this.json = json;
    PrivateDirectories.create(fs, this.dir);
  }

  void save(JobStatus status) throws IOException {
    Path file = new Path(jobDir(status.id()), STATUS);
    try (FSDataOutputStream out = PrivateDirectories.createFile(fs, partial(file))) {
      json.writerWithDefaultPrettyPrinter().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
          .writeValue((OutputStream) out, status);
    }
    commit(file);
  }

  /** Every job kept here; unreadable ones are logged and skipped. */
  List<JobStatus> all() throws IOException {
    List<JobStatus> jobs = new ArrayList<>();
    for (FileStatus job : fs.listStatus(dir)) {
      Path file = new Path(job.getPath(), STATUS);
      if (!fs.exists(file)) {
        continue;
      }
      try (InputStream in = fs.open(file)) {
        jobs.add(json.readValue(in, JobStatus.class));
      } catch (IOException e) {
        LOG.warn("skipping the job kept in {}: {}", job.getPath(), e.toString());
      }
    }
    return jobs;
  }

  /** Where a job writes its result; it is served only after {@link #commitResult}. */
  OutputStream createResult(String id, String name) throws IOException {
    return PrivateDirectories.createFile(fs, partial(new Path(jobDir(id), name)));
  }

  void commitResult(String id, String name) throws IOException {
    commit(new Path(jobDir(id), name));
  }

  /** Removes a result that was being written and will not be: a cancelled or failed job's. */
  void discardResult(String id, String name) throws IOException {
    fs.delete(partial(new Path(jobDir(id), name)), false);
  }

  InputStream openResult(String id, String name) throws IOException {
    return fs.open(new Path(jobDir(id), name));
  }

  void delete(String id) throws IOException {
    fs.delete(jobDir(id), true);
  }

  private Path jobDir(String id) {
    return new Path(dir, id);
  }

  private static Path partial(Path file) {
    return new Path(file.getParent(), file.getName() + PARTIAL);
  }

  private void commit(Path file) throws IOException {
    fs.delete(file, false);
    if (!fs.rename(partial(file), file)) {
      throw new IOException("could not move " + partial(file) + " to " + file);
    }
  }
}
