package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NioLocalFileSystemTest {
  @Test
  void everyPermissionBitMapsToItsPosixPermission() {
    for (short mode = 0; mode < 01000; mode++) {
      String expected = new FsPermission(mode).toString(); // e.g. rwxr-x---
      assertThat(PosixFilePermissions.toString(NioLocalFileSystem.posix(mode))).isEqualTo(expected);
    }
  }

  @Test
  void directoriesAndFilesGetThePermissionsAskedForUnderTheUmask(@TempDir java.nio.file.Path dir) throws Exception {
    Configuration conf = new Configuration();
    InProcessServer.configure(conf);
    conf.set("fs.permissions.umask-mode", "027");
    conf.setBoolean("fs.file.impl.disable.cache", true); // this test's umask, not a cached instance's
    FileSystem fs = FileSystem.get(new Path(dir.toUri()).toUri(), conf);
    assertThat(fs).isInstanceOf(NioLocalFileSystem.class);

    Path made = new Path(dir.resolve("a/b").toUri());
    assertThat(fs.mkdirs(made, new FsPermission((short) 0777))).isTrue();
    fs.create(new Path(made, "file"), new FsPermission((short) 0666), false, 4096, (short) 1, 1 << 20, null).close();
    fs.setPermission(new Path(made, "file"), new FsPermission((short) 0604));

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("a/b")))).isEqualTo("rwxr-x---");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("a/b/file")))).isEqualTo("rw----r--");
  }
}
