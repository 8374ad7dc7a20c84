package org.observatory.mapreduce;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job's own directory under a work root (HFiles, id lists, the local runner's spills), named for
 * the process that owns it — {@code load-1795446990145-4242@host} — so that what a killed process left
 * can be told from what a live one uses: claiming a directory first removes the dead ones' of that kind.
 * Closing it removes it.
 */
public final class WorkDir implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(WorkDir.class);
  private static final Pattern OWNED = Pattern.compile("(.+)-\\d+-(\\d+)@(.+)");
  /** How directories were named before they named their owner: never in use by a process of today. */
  private static final Pattern OWNERLESS = Pattern.compile("(.+)-\\d+");

  private final FileSystem fs;
  private final Path path;

  private WorkDir(FileSystem fs, Path path) {
    this.fs = fs;
    this.path = path;
  }

  /** A new directory of that kind under the root, after removing those of dead processes of this host. */
  public static WorkDir claim(Configuration conf, Path root, String kind) throws IOException {
    FileSystem fs = root.getFileSystem(conf);
    String host = host();
    removeDead(fs, root, kind, host);
    Path path = new Path(root, kind + "-" + System.currentTimeMillis() + "-" + ProcessHandle.current().pid() + "@" + host);
    PrivateDirectories.create(fs, root);
    PrivateDirectories.create(fs, path);
    return new WorkDir(fs, path);
  }

  public Path path() {
    return path;
  }

  /**
   * Where the local job runner keeps its staging and spill files, instead of {@code /tmp/hadoop-USER}
   * where a killed job's would stay for good: inside this directory, when it is on the local disk.
   */
  void holdLocalRunnerFiles(Configuration conf) {
    if (fs.getScheme().equals("file")) {
      conf.set("hadoop.tmp.dir", new Path(path, "hadoop").toUri().getPath());
    }
  }

  @Override
  public void close() throws IOException {
    fs.delete(path, true);
  }

  private static void removeDead(FileSystem fs, Path root, String kind, String host) throws IOException {
    if (!fs.exists(root)) {
      return;
    }
    for (FileStatus left : fs.listStatus(root)) {
      String name = left.getPath().getName();
      Matcher owned = OWNED.matcher(name);
      boolean dead = owned.matches() ? owned.group(1).equals(kind) && owned.group(3).equals(host)
          && ProcessHandle.of(Long.parseLong(owned.group(2))).isEmpty()
          : OWNERLESS.matcher(name).matches() && name.startsWith(kind + "-");
      if (dead) {
        long bytes = fs.getContentSummary(left.getPath()).getLength();
        fs.delete(left.getPath(), true);
        LOG.info("removed {} ({} bytes), left by a {} whose process is gone", left.getPath(), bytes, kind);
      }
    }
  }

  private static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }
}
