package org.observatory.loader.stream;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.OptionalLong;
import org.observatory.schemas.bluesky.JetstreamParser;

/**
 * Where a Jetstream source resumes: the {@code time_us} of the last event it put in the spool, kept
 * in a file beside the spool's segments, written aside and renamed over the old one so that a crash
 * leaves the old value or the new, never a torn one. Only the reading thread writes it.
 */
final class JetstreamCursor {
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
    long time = JetstreamParser.timeOf(line);
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
}
