package org.observatory.generator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GzipLinesTest {
  private static List<String> read(Path file) throws IOException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return text.isEmpty() ? List.of() : List.of(text.split("\n", -1)).subList(0, text.split("\n", -1).length - 1);
    }
  }

  @Test
  void everyLineReachesItsFileInOrderAcrossManyHandOvers(@TempDir Path dir) throws IOException {
    List<String> first = new ArrayList<>();
    for (int i = 0; i < 200_000; i++) { // ~9 MB: a few chunks
      first.add("{\"id\":" + i + ",\"text\":\"" + "é".repeat(i % 40) + "\"}");
    }
    String huge = "x".repeat(9 << 20); // longer than a chunk
    try (GzipLines out = new GzipLines()) {
      out.start(dir.resolve("a.json.gz"));
      first.forEach(out::line);
      out.finish();
      out.start(dir.resolve("empty.json.gz"));
      out.finish();
      out.start(dir.resolve("b.json.gz"));
      out.line("before");
      out.line(huge);
      out.line("after");
      out.finish();
    }
    assertThat(read(dir.resolve("a.json.gz"))).isEqualTo(first);
    assertThat(read(dir.resolve("empty.json.gz"))).isEmpty();
    assertThat(read(dir.resolve("b.json.gz"))).containsExactly("before", huge, "after");
  }

  @Test
  void aFileThatCannotBeWrittenFailsTheWriter(@TempDir Path dir) {
    assertThatThrownBy(() -> {
      try (GzipLines out = new GzipLines()) {
        out.start(dir.resolve("no-such-dir").resolve("a.json.gz"));
        out.line("a line");
        out.finish();
      }
    }).isInstanceOf(IOException.class).hasMessageContaining("writing a generated file failed");
  }
}
