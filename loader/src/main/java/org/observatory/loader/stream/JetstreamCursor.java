package org.observatory.loader.stream;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.OptionalLong;

/**
 * Where a Jetstream source resumes: the {@code time_us} of the last event it put in the spool, kept
 * in a file beside the spool's segments, written aside and renamed over the old one so that a crash
 * leaves the old value or the new, never a torn one. Only the reading thread writes it.
 */
final class JetstreamCursor {
  private static final String KEY = "\"time_us\":";
  private final Path file;
  private long last;
  private long saved;

  JetstreamCursor(Path file) throws IOException {
    this.file = file;
    if (Files.exists(file)) {
      String text = Files.readString(file, StandardCharsets.UTF_8).strip();
      try {
        last = Long.parseLong(text);
        saved = last;
      } catch (NumberFormatException e) {
        throw new IOException("the Jetstream cursor " + file + " holds '" + text + "', not a time_us");
      }
    }
  }

  /** The cursor to resume from, or empty before any event was ever taken. */
  OptionalLong last() {
    return last == 0 ? OptionalLong.empty() : OptionalLong.of(last);
  }

  /** Moves the cursor to an event's time, when the line names one later than the cursor's. */
  void taken(String line) {
    long time = timeOf(line);
    if (time > last) {
      last = time;
    }
  }

  /** Writes the cursor if it moved since last saved. */
  void save() throws IOException {
    if (last == saved) {
      return;
    }
    Path aside = file.resolveSibling(file.getFileName() + ".new");
    Files.writeString(aside, Long.toString(last), StandardCharsets.UTF_8);
    Files.move(aside, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    saved = last;
  }

  /**
   * The {@code time_us} of an event, found by its key rather than by parsing the line (every line
   * passes here). Inside a string the key's quotes would be escaped, so only the field itself matches.
   * 0 when there is none.
   */
  static long timeOf(String line) {
    int at = line.indexOf(KEY);
    if (at < 0) {
      return 0;
    }
    long time = 0;
    for (int i = at + KEY.length(); i < line.length(); i++) {
      char c = line.charAt(i);
      if (c < '0' || c > '9') {
        break;
      }
      time = time * 10 + (c - '0');
    }
    return time;
  }
}
