package org.observatory.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkDirTest {
  @Test
  void claimingRemovesWhatDeadProcessesLeftAndKeepsWhatLiveOnesUse(@TempDir Path root) throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    String host = InetAddress.getLocalHost().getHostName();
    Path dead = spill(root.resolve("load-1700000000000-" + gone.pid() + "@" + host));
    Path old = spill(root.resolve("load-1700000000000")); // named before directories named their owner
    Path live = spill(root.resolve("load-1700000000000-" + ProcessHandle.current().pid() + "@" + host));
    Path elsewhere = spill(root.resolve("load-1700000000000-" + gone.pid() + "@another-host"));
    Path otherKind = spill(root.resolve("query-1700000000000-" + gone.pid() + "@" + host));

    Path claimed;
    try (WorkDir work = WorkDir.claim(new Configuration(), new org.apache.hadoop.fs.Path(root.toString()), "load")) {
      claimed = Path.of(work.path().toUri().getPath());
      assertThat(claimed).isDirectory().hasParent(root);
      assertThat(claimed.getFileName().toString()).endsWith("-" + ProcessHandle.current().pid() + "@" + host);
    }

    assertThat(dead).doesNotExist();
    assertThat(old).doesNotExist();
    assertThat(claimed).as("removed when closed").doesNotExist();
    assertThat(live).exists();
    assertThat(elsewhere).as("another host's process cannot be checked from here").exists();
    assertThat(otherKind).exists();
  }

  @Test
  void theLocalRunnerKeepsItsFilesInsideTheWorkDirectory(@TempDir Path root) throws Exception {
    try (WorkDir work = WorkDir.claim(new Configuration(), new org.apache.hadoop.fs.Path(root.toString()), "query")) {
      Configuration conf = JobRunner.configure(new Configuration(), 2, work);

      assertThat(conf.get("hadoop.tmp.dir")).startsWith(work.path().toUri().getPath());
      assertThat(conf.get("mapreduce.cluster.local.dir")).startsWith(work.path().toUri().getPath());
    }
  }

  private static Path spill(Path dir) throws Exception {
    Files.createDirectories(dir.resolve("mapred/local"));
    Files.writeString(dir.resolve("mapred/local/file.out"), "x".repeat(1000));
    return dir;
  }
}
