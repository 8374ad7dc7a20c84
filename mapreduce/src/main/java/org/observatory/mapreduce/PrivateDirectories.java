package org.observatory.mapreduce;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The directories Observatory keeps its data in — the store's, the jobs' results, the spool, the
 * rejected lines, the work of its jobs — open to their owner alone (0700), made so when they already
 * exist: what they hold (tweets, readers' results, the audit trail) is no other local user's to read.
 */
public final class PrivateDirectories {
  private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
  private static final FsPermission OWNER_ONLY_FS = new FsPermission((short) 0700);
  private static final FsPermission OWNER_ONLY_FILE = new FsPermission((short) 0600);

  private PrivateDirectories() {}

  /** Creates the local directory and its missing parents; the directory itself ends 0700. */
  public static java.nio.file.Path create(java.nio.file.Path dir) throws IOException {
    Files.createDirectories(dir);
    if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      Files.setPosixFilePermissions(dir, OWNER_ONLY);
    }
    return dir;
  }

  /** The same on any Hadoop file system (the local one, HDFS). */
  public static Path create(FileSystem fs, Path dir) throws IOException {
    fs.mkdirs(dir, OWNER_ONLY_FS);
    fs.setPermission(dir, OWNER_ONLY_FS);
    return dir;
  }

  /**
   * Creates (or replaces) a file only its owner may read or write (0600) in a directory made private
   * here: a file system's default gives others read access wherever the directory lets them in.
   */
  public static FSDataOutputStream createFile(FileSystem fs, Path file) throws IOException {
    create(fs, file.getParent());
    return fs.create(file, OWNER_ONLY_FILE, true, fs.getConf().getInt("io.file.buffer.size", 4096),
        fs.getDefaultReplication(file), fs.getDefaultBlockSize(file), null);
  }

  /** The same, on the file system the path names (the default one when it names none). */
  public static Path create(Configuration conf, Path dir) throws IOException {
    return create(dir.getFileSystem(conf), dir);
  }
}
