package org.observatory.loader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.TweetParser;

/**
 * Reads, gunzips and parses files without writing anything: a dry run that validates an archive, and
 * the parse ceiling that load throughput is measured against. Single-threaded per file, files one
 * after another, so its rate is one core's.
 */
public final class ParseOnly {
  private ParseOnly() {}

  public static LoadSummary run(List<Path> files) throws IOException {
    TweetParser parser = new TweetParser();
    LoadCounters counters = new LoadCounters();
    AtomicLong bytes = new AtomicLong();
    long totalBytes = 0;
    long start = System.nanoTime();
    for (Path file : files) {
      totalBytes += Files.size(file);
      TweetFiles.read(file, bytes, (number, line) -> {
        counters.increment(LoadCounter.LINES);
        if (line.isBlank()) {
          counters.increment(LoadCounter.BLANK_LINES);
          return;
        }
        try {
          counters.count(parser.parse(line));
        } catch (MalformedTweetException e) {
          counters.increment(LoadCounter.MALFORMED);
        }
      });
    }
    return new LoadSummary(counters, files.size(), totalBytes, (System.nanoTime() - start) / 1_000_000);
  }
}
