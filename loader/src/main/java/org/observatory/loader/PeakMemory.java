package org.observatory.loader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The most physical memory this process has held (Linux's {@code VmHWM}): what a load really took,
 * heap, HBase inside it and native buffers together. Zero where the system does not say.
 */
public final class PeakMemory {
  private static final Path STATUS = Path.of("/proc/self/status");
  /**
   * The highest mark read so far. The kernel shows the larger of the mark it last stored and the memory
   * held now, and stores the mark only at some unmappings: once the JVM gives memory back, a later
   * read can show less than an earlier one did.
   */
  private static final AtomicLong HIGHEST = new AtomicLong();

  private PeakMemory() {}

  public static long residentBytes() {
    return HIGHEST.accumulateAndGet(kernelsMark(), Math::max);
  }

  private static long kernelsMark() {
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
