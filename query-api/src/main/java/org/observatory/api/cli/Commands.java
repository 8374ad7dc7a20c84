package org.observatory.api.cli;

import io.dropwizard.core.cli.Cli;
import net.sourceforge.argparse4j.inf.Argument;
import net.sourceforge.argparse4j.inf.Subparser;

/** What the command-line commands share. */
final class Commands {
  private Commands() {}

  /** The configuration file as an option, so positional arguments stay free for paths and months. */
  static Argument configArgument(Subparser subparser) {
    return subparser.addArgument("-c", "--config").dest("file")
        .help("configuration YAML (default: the built-in embedded configuration)");
  }

  /** A user's mistake gets its message; anything else its stack trace too. */
  static void reportError(Cli cli, Throwable e) {
    if (e instanceof IllegalArgumentException) {
      cli.getStdErr().println("error: " + e.getMessage());
    } else {
      e.printStackTrace(cli.getStdErr());
    }
  }
}
