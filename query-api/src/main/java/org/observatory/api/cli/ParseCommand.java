package org.observatory.api.cli;

import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.Command;
import io.dropwizard.core.setup.Bootstrap;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.sourceforge.argparse4j.impl.Arguments;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.observatory.indexer.Indexer;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.ParseOnly;
import org.observatory.loader.TweetFiles;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;

/**
 * {@code parse [--passes N] [--threads N] [--index] [--index-spec FILE] FILE|DIR...}: reads and parses tweet files
 * without storing them; prints what a load would meet (statuses, notices, malformed lines) and the parse
 * rate; with {@code --passes N}, the median of N passes in one JVM, the warm rate that load throughput is
 * measured against. With {@code --index}, it indexes every tweet too, by the shipped specification or
 * the file named, and counts each index's puts and the indexer's failures, still without a store. With
 * {@code --threads N}, files are read N at a time: {@code --index --threads} with every core is the
 * ceiling of a load's own work before it stores anything.
 */
public final class ParseCommand extends Command {
  public ParseCommand() {
    super("parse", "Read and parse tweet files without storing them (a dry run, and the parse ceiling)");
  }

  @Override
  public void configure(Subparser subparser) {
    subparser.addArgument("--passes").type(Integer.class).setDefault(1)
        .help("parse the files this many times in one JVM and report the median pass (a warm parse ceiling)");
    subparser.addArgument("--threads").type(Integer.class).setDefault(1).choices(Arguments.range(1, 512))
        .help("read this many files at a time, one thread each (default 1: one core's rate)");
    subparser.addArgument("--index").action(Arguments.storeTrue())
        .help("index every tweet as well, counting each index's puts and the indexer's failures");
    subparser.addArgument("--index-spec").metavar("FILE")
        .help("the index specification to index by (implies --index; default: the shipped one)");
    subparser.addArgument("paths").nargs("+").metavar("FILE|DIR").help("tweet files or directories");
  }

  @Override
  public void run(Bootstrap<?> bootstrap, Namespace namespace) throws Exception {
    List<Path> files = TweetFiles.expand(namespace.<String>getList("paths").stream().map(Path::of).toList());
    int passes = Math.max(1, namespace.getInt("passes"));
    Indexer indexer = indexer(namespace.getBoolean("index"), namespace.getString("index_spec"));
    List<LoadSummary> summaries = new ArrayList<>();
    for (int pass = 1; pass <= passes; pass++) {
      summaries.add(ParseOnly.run(files, indexer, namespace.getInt("threads")));
      if (passes > 1) {
        System.err.println("pass " + pass + ": " + summaries.get(pass - 1));
      }
    }
    summaries.sort(Comparator.comparingLong(LoadSummary::elapsedMillis));
    System.out.println(summaries.get(summaries.size() / 2));
  }

  /** The indexer asked for, or null to parse only. */
  private static Indexer indexer(boolean index, String specFile) throws IOException {
    if (!index && specFile == null) {
      return null;
    }
    IndexSpec indexes = specFile == null ? IndexSpec.defaults() : IndexSpec.load(Path.of(specFile));
    return new Indexer(indexes, new TableNames(TableNames.DEFAULT_NAMESPACE));
  }

  @Override
  public void onError(Cli cli, Namespace namespace, Throwable e) {
    Commands.reportError(cli, e);
  }
}
