package org.observatory.api.cli;

import io.dropwizard.core.setup.Bootstrap;
import java.util.Map;
import net.sourceforge.argparse4j.inf.Argument;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.security.Audit;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;

/** {@code tables [-c CONFIG] list | create YYYY-MM | drop YYYY-MM}: manages a month's tables. */
public final class TablesCommand extends StoreCommand {
  public TablesCommand() {
    super("tables", "List the months that have tables, or create or drop a month's tables");
  }

  @Override
  public void configure(Subparser subparser) {
    super.configure(subparser);
    subparser.addArgument("action").choices("list", "create", "drop");
    subparser.addArgument("month").nargs("?").help("YYYY-MM, for create and drop");
  }

  @Override
  protected void run(Bootstrap<ObservatoryConfiguration> bootstrap, Namespace namespace,
      ObservatoryConfiguration config) throws Exception {
    String action = namespace.getString("action");
    String monthArg = namespace.getString("month");
    if (!action.equals("list") && monthArg == null) {
      throw new IllegalArgumentException(action + " needs a month (YYYY-MM)");
    }
    try (HBaseStore store = config.hbase().open(true)) {
      MonthTables tables = kit(store, config).monthTables();
      switch (action) {
        case "create" -> {
          int created = tables.create(Month.parse(monthArg));
          Audit.record(Audit.commandUser(), "tables.create", monthArg, "created", Map.of("tables", created));
          System.out.println("created " + created + " tables for " + monthArg);
        }
        case "drop" -> {
          int dropped = tables.drop(Month.parse(monthArg));
          Audit.record(Audit.commandUser(), "tables.drop", monthArg, "dropped", Map.of("tables", dropped));
          System.out.println("dropped " + dropped + " tables of " + monthArg);
        }
        default -> tables.list().forEach((month, names) -> System.out.println(month + "\t" + names));
      }
    }
  }
}
