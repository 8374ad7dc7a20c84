package org.observatory.loader.historical;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.observatory.loader.TweetFiles;
import org.observatory.schemas.tables.Platform;

/**
 * The load job's input on any Hadoop file system: paths without a scheme are on the default file
 * system ({@code fs.defaultFS}: the local one unless configured), relative ones under its working
 * directory. A directory stands for its tweet and event files ({@link TweetFiles#isInputName}), in name order.
 */
public final class InputFiles {
  private InputFiles() {}

  /** @throws IllegalArgumentException when a path does not exist or a directory holds no tweet files */
  public static List<Path> expand(List<String> paths, Configuration conf) throws IOException {
    List<Path> files = new ArrayList<>();
    for (String name : paths) {
      Path path = qualified(name, conf);
      FileSystem fs = path.getFileSystem(conf);
      if (!fs.exists(path)) {
        throw new IllegalArgumentException("no such file or directory: " + path);
      }
      if (fs.getFileStatus(path).isDirectory()) {
        List<Path> found = Arrays.stream(fs.listStatus(path)).filter(FileStatus::isFile).map(FileStatus::getPath)
            .filter(InputFiles::isTweetFile).sorted().toList();
        if (found.isEmpty()) {
          throw new IllegalArgumentException("no .json(l).gz or .json(l) files in " + path);
        }
        files.addAll(found);
      } else {
        files.add(path);
      }
    }
    return files;
  }

  /** A path as the job will see it, with its file system and an absolute location. */
  public static Path qualified(String name, Configuration conf) throws IOException {
    Path path = new Path(name);
    return path.getFileSystem(conf).makeQualified(path);
  }

  private static boolean isTweetFile(Path p) {
    return TweetFiles.isInputName(p.getName());
  }

  /**
   * The files by the platform their lines come from, as the first line that is not blank says
   * (Jetstream's events or Twitter's statuses), each platform's in the order given.
   */
  public static Map<Platform, List<Path>> byPlatform(List<Path> files, Configuration conf) throws IOException {
    Map<Platform, List<Path>> platforms = new EnumMap<>(Platform.class);
    for (Path file : files) {
      Platform platform;
      try (BufferedReader lines = TweetFiles.lines(file.getFileSystem(conf).open(file), file.getName())) {
        platform = TweetFiles.platformOf(lines);
      }
      platforms.computeIfAbsent(platform, p -> new ArrayList<>()).add(file);
    }
    return platforms;
  }
}
