package org.observatory.schemas.tables;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Hadoop's local file system, setting permissions through java.nio. Without Hadoop's native library
 * (Maven Central has none) the stock one forks a {@code chmod} for every directory and file it creates:
 * three to five per region an HBase on the local disk creates or opens, one per file it flushes, and
 * most of the time a month's tables took to create.
 */
public class NioLocalFileSystem extends LocalFileSystem {
  private static final PosixFilePermission[] BY_BIT = { // from 0400 down to 0001
      PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE,
      PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE};

  public NioLocalFileSystem() {
    super(new Raw());
  }

  /** The file system underneath the checksums, where permissions are set. */
  public static class Raw extends RawLocalFileSystem {
    @Override
    public void setPermission(Path p, FsPermission permission) throws IOException {
      if (permission.getStickyBit()) { // java.nio cannot set it
        super.setPermission(p, permission);
        return;
      }
      Files.setPosixFilePermissions(pathToFile(p).toPath(), posix(permission.toShort()));
    }
  }

  static Set<PosixFilePermission> posix(short mode) {
    Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
    for (int i = 0; i < BY_BIT.length; i++) {
      if ((mode & (0400 >> i)) != 0) {
        permissions.add(BY_BIT[i]);
      }
    }
    return permissions;
  }
}
