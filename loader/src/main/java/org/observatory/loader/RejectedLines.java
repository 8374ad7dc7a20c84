package org.observatory.loader;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Sets aside the lines of one input file that could not be parsed, as NDJSON records
 * {@code {"file":..,"line":..,"error":..,"text":..}} in {@code <dir>/<file name>.rejected.ndjson}.
 * The file is rewritten by each load of its input, so reloading does not duplicate it; an input with
 * no bad lines leaves no file.
 */
final class RejectedLines implements AutoCloseable {
  private static final JsonFactory JSON = new JsonFactory();
  private final Path target;
  private final Path input;
  private Writer out;
  private JsonGenerator json;

  RejectedLines(Path dir, Path input) throws IOException {
    this.input = input;
    this.target = dir.resolve(input.getFileName() + ".rejected.ndjson");
    Files.deleteIfExists(target);
  }

  synchronized void reject(long lineNumber, String reason, String text) {
    try {
      if (out == null) {
        Files.createDirectories(target.getParent());
        out = Files.newBufferedWriter(target, StandardCharsets.UTF_8);
        json = JSON.createGenerator(out);
        json.setRootValueSeparator(null);
      }
      json.writeStartObject();
      json.writeStringField("file", input.toString());
      json.writeNumberField("line", lineNumber);
      json.writeStringField("error", reason);
      json.writeStringField("text", text);
      json.writeEndObject();
      json.flush();
      out.write('\n');
    } catch (IOException e) {
      throw new UncheckedIOException("cannot set aside a rejected line in " + target, e);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    if (json != null) {
      json.close();
    }
  }
}
