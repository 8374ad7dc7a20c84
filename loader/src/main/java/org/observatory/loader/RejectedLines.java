package org.observatory.loader;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.observatory.mapreduce.PrivateDirectories;

/**
 * Sets aside the lines of one input that could not be loaded, as NDJSON records
 * {@code {"file":..,"line":..,"error":..,"text":..}} in {@code <dir>/<input name>.rejected.ndjson}.
 * The file is rewritten by each load of its input, so reloading does not duplicate it; an input with
 * no bad lines leaves no file. Thread-safe.
 */
public final class RejectedLines implements AutoCloseable {
  private static final JsonFactory JSON = new JsonFactory();

  /** Opens the output on the first rejected line. */
  @FunctionalInterface
  public interface Opener {
    OutputStream open() throws IOException;
  }

  private final String input;
  private final Opener opener;
  private JsonGenerator json;

  /** @param input how the input is named in each record */
  public RejectedLines(String input, Opener opener) {
    this.input = input;
    this.opener = opener;
  }

  /** The usual place: a file per input in a local directory, replacing an earlier load's. */
  public static RejectedLines inDirectory(Path dir, Path input) throws IOException {
    Path target = dir.resolve(fileName(input.getFileName().toString()));
    Files.deleteIfExists(target);
    return new RejectedLines(input.toString(), () -> {
      PrivateDirectories.create(dir);
      return Files.newOutputStream(target);
    });
  }

  /** The name of the file an input's rejected lines go to. */
  public static String fileName(String inputName) {
    return inputName + ".rejected.ndjson";
  }

  public synchronized void reject(long lineNumber, String reason, String text) {
    try {
      if (json == null) {
        json = JSON.createGenerator(opener.open());
        json.setRootValueSeparator(null);
      }
      json.writeStartObject();
      json.writeStringField("file", input);
      json.writeNumberField("line", lineNumber);
      json.writeStringField("error", reason);
      json.writeStringField("text", text);
      json.writeEndObject();
      json.writeRaw('\n');
      json.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot set aside a rejected line of " + input, e);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    if (json != null && !json.isClosed()) {
      json.close();
    }
  }
}
