package org.observatory.loader.historical;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Text files the mappers leave in a directory of the job's work dir, one per input file, for the driver
 * to read once the job is done. Named after the input, so a retried task overwrites its own.
 */
final class SideFiles {
  /** Reads one side file. */
  interface Reader {
    void read(BufferedReader in) throws IOException;
  }

  private SideFiles() {}

  static void write(Configuration conf, Path dir, String name, Consumer<PrintWriter> body) throws IOException {
    Path file = new Path(dir, name);
    FileSystem fs = file.getFileSystem(conf);
    try (PrintWriter out = new PrintWriter(new OutputStreamWriter(fs.create(file, true), StandardCharsets.US_ASCII))) {
      body.accept(out);
    }
  }

  /** Every file in the directory, if the mappers left any. */
  static void readAll(Configuration conf, Path dir, Reader reader) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    if (!fs.exists(dir)) {
      return;
    }
    for (FileStatus file : fs.listStatus(dir)) {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(fs.open(file.getPath()), StandardCharsets.US_ASCII))) {
        reader.read(in);
      }
    }
  }
}
