package org.observatory.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.observatory.generator.Generator;

/**
 * The generated days every measurement of a run reads. Generated once per setting and kept: a directory
 * whose marker names the same settings and generator version is used again, since generating 10 million
 * tweets takes minutes.
 *
 * @param generatorStatusesPerSecond the generator's rate when this run generated the corpus, else null
 */
public record Corpus(String dir, List<String> files, long gzipBytes, Double generatorStatusesPerSecond) {
  private static final String MARKER = "generated-with.txt";

  public static Corpus ensure(App app, HarnessSettings s) throws IOException, InterruptedException {
    Path dir = Path.of(s.corpus());
    List<String> recipe = List.of("--first-day", s.firstDay().toString(), "--days", Integer.toString(s.days()),
        "--per-day", Integer.toString(s.perDay()), "--seed", Long.toString(s.seed()),
        "--event-start", s.eventStart().toString().substring(0, 10));
    Path marker = dir.resolve(MARKER);
    String made = String.join(" ", recipe) + " generator " + Generator.VERSION;
    Double rate = null;
    if (!Files.exists(marker) || !Files.readString(marker).equals(made)) {
      Files.createDirectories(dir);
      Files.deleteIfExists(marker);
      for (Path stale : days(dir)) {
        Files.delete(stale);
      }
      List<String> args = new ArrayList<>(List.of("generate", "--out", dir.toString()));
      args.addAll(recipe);
      rate = app.run("generate", args.toArray(String[]::new)).rate("statuses");
      Files.writeString(marker, made);
    }
    List<Path> files = days(dir);
    long bytes = 0;
    for (Path f : files) {
      bytes += Files.size(f);
    }
    return new Corpus(dir.toString(), files.stream().map(Path::toString).toList(), bytes, rate);
  }

  private static List<Path> days(Path dir) throws IOException {
    try (Stream<Path> listed = Files.list(dir)) {
      return listed.filter(f -> f.getFileName().toString().endsWith(".json.gz")).sorted().toList();
    }
  }

  public List<Path> paths() {
    return files.stream().map(Path::of).toList();
  }
}
