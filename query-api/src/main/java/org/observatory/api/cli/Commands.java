package org.observatory.api.cli;

import io.dropwizard.core.cli.Cli;

/** What the command-line commands share. */
final class Commands {
  private Commands() {}

  /** A user's mistake gets its message; anything else its stack trace too. */
  static void reportError(Cli cli, Throwable e) {
    if (e instanceof IllegalArgumentException) {
      cli.getStdErr().println("error: " + e.getMessage());
    } else {
      e.printStackTrace(cli.getStdErr());
    }
  }
}
