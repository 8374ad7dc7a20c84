package org.observatory.api.cli;

import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.ConfiguredCommand;
import net.sourceforge.argparse4j.inf.Argument;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import java.io.IOException;
import org.apache.hadoop.hbase.client.Connection;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.loader.LoaderKit;
import org.observatory.api.config.ObservatoryConfiguration;

/** A command that reads the configuration named by {@code -c}: load, stream, reindex, tables, config. */
abstract class StoreCommand extends ConfiguredCommand<ObservatoryConfiguration> {
  StoreCommand(String name, String description) {
    super(name, description);
  }

  /** The configuration file as an option, so positional arguments stay free for paths and months. */
  @Override
  protected Argument addFileArgument(Subparser subparser) {
    return subparser.addArgument("-c", "--config").dest("file")
        .help("configuration YAML (default: the built-in embedded configuration)");
  }

  /** What the loaders build from the store the configuration names. */
  static LoaderKit kit(HBaseStore store, ObservatoryConfiguration config) throws IOException {
    return kit(store.connection(), store, config);
  }

  /** The kit on another connection to the store (the stream daemon's, renewed after failures). */
  static LoaderKit kit(Connection connection, HBaseStore store, ObservatoryConfiguration config) throws IOException {
    return new LoaderKit(connection, store.tableNames(), config.indexSpec(), config.hbase().regionsPerTable());
  }

  @Override
  public void onError(Cli cli, Namespace namespace, Throwable e) {
    Commands.reportError(cli, e);
  }
}
