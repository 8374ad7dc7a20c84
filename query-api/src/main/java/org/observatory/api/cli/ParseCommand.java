package org.observatory.api.cli;

import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.Command;
import io.dropwizard.core.setup.Bootstrap;
import java.nio.file.Path;
import java.util.List;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.observatory.loader.ParseOnly;
import org.observatory.loader.TweetFiles;

/**
 * {@code parse FILE|DIR...}: reads and parses tweet files without storing them; prints what a load
 * would meet (statuses, notices, malformed lines) and the parse rate.
 */
public final class ParseCommand extends Command {
  public ParseCommand() {
    super("parse", "Read and parse tweet files without storing them (a dry run, and the parse ceiling)");
  }

  @Override
  public void configure(Subparser subparser) {
    subparser.addArgument("paths").nargs("+").metavar("FILE|DIR").help("tweet files or directories");
  }

  @Override
  public void run(Bootstrap<?> bootstrap, Namespace namespace) throws Exception {
    List<Path> paths = namespace.<String>getList("paths").stream().map(Path::of).toList();
    System.out.println(ParseOnly.run(TweetFiles.expand(paths)));
  }

  @Override
  public void onError(Cli cli, Namespace namespace, Throwable e) {
    Commands.reportError(cli, e);
  }
}
