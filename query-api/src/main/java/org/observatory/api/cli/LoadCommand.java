package org.observatory.api.cli;

import io.dropwizard.core.setup.Bootstrap;
import java.util.List;
import java.util.Map;
import org.observatory.schemas.tables.Platform;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.apache.hadoop.hbase.client.Connection;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.security.Audit;
import org.observatory.loader.LoadSummary;
import org.observatory.loader.historical.LoadMode;

/**
 * {@code load [-c CONFIG] [--mode direct|bulk] FILE|DIR...}: runs the historical loader's MapReduce job
 * over tweet files. On the embedded default it uses the running server's HBase if there is one, and
 * otherwise starts its own.
 */
public final class LoadCommand extends StoreCommand {
  public LoadCommand() {
    super("load", "Load .json.gz tweet files and recorded .jsonl.gz Jetstream hours (or directories of them)");
  }

  @Override
  public void configure(Subparser subparser) {
    super.configure(subparser);
    subparser.addArgument("--mode").choices("direct", "bulk")
        .help("direct: puts through the region servers; bulk: HFiles, then bulk-loaded (default: load.mode)");
    subparser.addArgument("paths").nargs("+").metavar("FILE|DIR").help("tweet files or directories");
  }

  @Override
  protected void run(Bootstrap<ObservatoryConfiguration> bootstrap, Namespace namespace,
      ObservatoryConfiguration config) throws Exception {
    List<String> paths = namespace.<String>getList("paths");
    try (HBaseStore store = config.hbase().open(true); Connection connection = store.loaderConnection()) {
      String mode = namespace.getString("mode");
      LoadMode how = mode == null ? config.load().mode() : LoadMode.valueOf(mode.toUpperCase(java.util.Locale.ROOT));
      Map<Platform, LoadSummary> summary;
      try {
        summary = HistoricalLoads.load(kit(connection, store, config), config.load(), paths, how);
      } catch (Exception e) {
        Audit.record(Audit.commandUser(), "load", String.join(" ", paths), "failed", Map.of("error", String.valueOf(e)));
        throw e;
      }
      Audit.record(Audit.commandUser(), "load", String.join(" ", paths), "completed",
          Map.of("mode", how.name().toLowerCase(java.util.Locale.ROOT), "summary", summary.toString()));
      summary.forEach((platform, loaded) -> System.out.println(platform.apiName() + ": " + loaded));
    }
  }
}
