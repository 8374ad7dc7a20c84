package org.observatory.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivateDirectoriesTest {
  @Test
  void aNewDirectoryAndAnExistingOpenOneEndPrivate(@TempDir Path root) throws Exception {
    Path open = Files.createDirectory(root.resolve("open"), PosixFilePermissions.asFileAttribute(
        PosixFilePermissions.fromString("rwxr-xr-x")));

    PrivateDirectories.create(root.resolve("new/spool"));
    PrivateDirectories.create(open);
    PrivateDirectories.create(new Configuration(), new org.apache.hadoop.fs.Path(root.resolve("jobs").toUri()));
    PrivateDirectories.create(new Configuration(), new org.apache.hadoop.fs.Path(open.toUri()));

    for (Path dir : new Path[] {root.resolve("new/spool"), open, root.resolve("jobs")}) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).as(dir.toString())
          .isEqualTo("rwx------");
    }
  }

  @Test
  void aClaimedWorkDirectoryAndItsRootArePrivate(@TempDir Path root) throws Exception {
    Path work = root.resolve("query-work");
    try (WorkDir claimed = WorkDir.claim(new Configuration(), new org.apache.hadoop.fs.Path(work.toString()), "query")) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(work))).isEqualTo("rwx------");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(Path.of(claimed.path().toUri().getPath()))))
          .isEqualTo("rwx------");
    }
  }

  @Test
  void aFileCreatedPrivateAndItsNewDirectoryAreTheOwnersAlone(@TempDir Path root) throws Exception {
    Path file = root.resolve("jobs/a-job/result.json");
    FileSystem local = FileSystem.getLocal(new Configuration());
    try (var out = PrivateDirectories.createFile(local, new org.apache.hadoop.fs.Path(file.toUri()))) {
      out.write(1);
    }
    try (var out = PrivateDirectories.createFile(local, new org.apache.hadoop.fs.Path(file.toUri()))) {
      out.write(2); // replaced, still private
    }

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent()))).isEqualTo("rwx------");
    try (var files = Files.list(file.getParent())) { // the checksum beside it too
      files.forEach(f -> assertThat(uncheckedPermissions(f)).as(f.toString()).isEqualTo("rw-------"));
    }
    assertThat(Files.readAllBytes(file)).containsExactly(2);
  }

  private static String uncheckedPermissions(Path path) {
    try {
      return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
