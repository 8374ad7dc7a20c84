package org.observatory.testdata;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Hand-written stream lines kept in the repository ({@code src/test/resources/fixtures}): invented ids,
 * users and text in the real field layout, for the edge cases a test must meet without the shared corpus.
 */
public final class Fixtures {
  private Fixtures() {}

  /** The one line of a fixture file, without its line end. */
  public static String line(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
