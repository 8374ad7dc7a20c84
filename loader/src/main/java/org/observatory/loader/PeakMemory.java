package org.observatory.loader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The most physical memory this process has held (Linux's {@code VmHWM}): what a load really took,
 * heap, HBase inside it and native buffers together. Zero where the system does not say.
 */
public final class PeakMemory {
  private static final Path STATUS = Path.of("/proc/self/status");

  private PeakMemory() {}

  public static long residentBytes() {
    try {
      for (String line : Files.readAllLines(STATUS)) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024; // the kernel says kB
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not Linux: nothing to say
    }
    return 0;
  }
}
