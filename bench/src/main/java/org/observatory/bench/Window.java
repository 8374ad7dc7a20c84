package org.observatory.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/** One of the evaluation's time windows ("3h", "16d"), measured from the event's start. */
public record Window(String name, Duration length) {
  public static Window parse(String name) {
    if (!name.matches("\\d+[hd]")) {
      throw new IllegalArgumentException("a window is hours or days, like 3h or 16d: " + name);
    }
    long n = Long.parseLong(name.substring(0, name.length() - 1));
    return new Window(name, name.endsWith("h") ? Duration.ofHours(n) : Duration.ofDays(n));
  }

  /** Windows from a comma-separated list, in its order; {@code none} for none. */
  public static List<Window> list(String names) {
    if (names.strip().equals("none")) {
      return List.of();
    }
    return Arrays.stream(names.split(",")).map(String::trim).map(Window::parse).toList();
  }

  /** The window's first instant excluded: {@code start + length}. */
  public Instant end(Instant start) {
    return start.plus(length);
  }
}
