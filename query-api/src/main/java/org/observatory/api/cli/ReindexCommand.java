package org.observatory.api.cli;

import io.dropwizard.core.setup.Bootstrap;
import java.util.List;
import java.util.Map;
import net.sourceforge.argparse4j.impl.Arguments;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.security.Audit;
import org.observatory.indexer.CatalogPlacement;
import org.observatory.loader.reindex.Reindex;
import org.observatory.schemas.tables.Month;

/**
 * {@code reindex [-c CONFIG] [--index NAME]... [--retire-after SECONDS] [--restart] FIRST_MONTH [LAST_MONTH]}:
 * rebuilds index tables from the stored tweets with a MapReduce job, by the configuration's index
 * specification. On the embedded default it uses the running server's HBase if there is one.
 */
public final class ReindexCommand extends StoreCommand {
  public ReindexCommand() {
    super("reindex", "Rebuild index tables of stored months from their tweet tables");
  }

  @Override
  public void configure(Subparser subparser) {
    super.configure(subparser);
    subparser.addArgument("--index").action(Arguments.append()).metavar("NAME")
        .help("an index of the specification to rebuild (repeatable; default: all of them)");
    subparser.addArgument("--retire-after").type(Integer.class).metavar("SECONDS")
        .help("how long the replaced tables stay for queries under way (default: query.timeoutSeconds + 5)");
    subparser.addArgument("--restart").action(Arguments.storeTrue())
        .help("take over rebuilds the catalog shows under way, after a reindex died");
    subparser.addArgument("first").metavar("FIRST_MONTH").help("the first month to rebuild, YYYY-MM");
    subparser.addArgument("last").metavar("LAST_MONTH").nargs("?").help("the last month (default: the first)");
  }

  @Override
  protected void run(Bootstrap<ObservatoryConfiguration> bootstrap, Namespace namespace,
      ObservatoryConfiguration config) throws Exception {
    Month first = Month.parse(namespace.getString("first"));
    String last = namespace.getString("last");
    List<String> indexes = namespace.getList("index");
    Integer retireAfter = namespace.getInt("retire_after");
    // Loaders see a rebuild within their catalog refresh; queries may hold the old table for their timeout.
    try (HBaseStore store = config.hbase().open(true)) {
      Reindex.Settings settings = new Reindex.Settings(config.load().threads(), config.load().progressSeconds(),
          2 * CatalogPlacement.REFRESH_MILLIS + 1_000,
          1_000L * (retireAfter == null ? config.query().timeoutSeconds() + 5 : retireAfter),
          config.load().workDir(store.configuration()));
      String months = first + (last == null ? "" : ".." + last);
      Reindex.Summary summary;
      try {
        summary = new Reindex(kit(store, config), settings)
            .run(indexes == null ? List.of() : indexes, first, last == null ? first : Month.parse(last),
                namespace.getBoolean("restart"));
      } catch (Exception e) {
        Audit.record(Audit.commandUser(), "reindex", months, "failed", Map.of("error", String.valueOf(e)));
        throw e;
      }
      Audit.record(Audit.commandUser(), "reindex", months, "completed", Map.of("summary", summary.toString()));
      System.out.println(summary);
    }
  }
}
