package org.observatory.api.cli;

import io.dropwizard.core.setup.Bootstrap;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.sourceforge.argparse4j.impl.Arguments;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.security.Audit;
import org.apache.hadoop.hbase.TableName;
import org.observatory.schemas.tables.LayoutUpgrade;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;

/**
 * {@code tables [-c CONFIG] list | create YYYY-MM | drop YYYY-MM | upgrade [YYYY-MM] [--compact]}: manages
 * a month's tables, and brings tables an earlier build created to today's layout.
 */
public final class TablesCommand extends StoreCommand {
  public TablesCommand() {
    super("tables", "List the months that have tables, create or drop a month's tables, or upgrade tables to today's layout");
  }

  @Override
  public void configure(Subparser subparser) {
    super.configure(subparser);
    subparser.addArgument("action").choices("list", "create", "drop", "upgrade");
    subparser.addArgument("month").nargs("?").help("YYYY-MM, for create and drop; for upgrade, one month (default: every month and the shared tables)");
    subparser.addArgument("--compact").action(Arguments.storeTrue())
        .help("upgrade: then major-compact the tables that changed and wait, so that their files are rewritten in the new layout");
  }

  @Override
  protected void run(Bootstrap<ObservatoryConfiguration> bootstrap, Namespace namespace,
      ObservatoryConfiguration config) throws Exception {
    String action = namespace.getString("action");
    String monthArg = namespace.getString("month");
    if ((action.equals("create") || action.equals("drop")) && monthArg == null) {
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
        case "upgrade" -> upgrade(tables, new LayoutUpgrade(store.connection(), tables), monthArg, namespace.getBoolean("compact"));
        default -> tables.list().forEach((month, names) -> System.out.println(month + "\t" + names));
      }
    }
  }

  private static void upgrade(MonthTables tables, LayoutUpgrade upgrade, String monthArg, boolean compact)
      throws IOException {
    List<TableName> changed = new ArrayList<>();
    if (monthArg == null) {
      changed.addAll(upgrade.shared());
      for (Month month : tables.list().keySet()) {
        changed.addAll(upgrade.month(month));
      }
    } else {
      changed.addAll(upgrade.month(Month.parse(monthArg)));
    }
    String target = monthArg == null ? "all" : monthArg;
    Audit.record(Audit.commandUser(), "tables.upgrade", target, "upgraded", Map.of("tables", changed.size()));
    changed.forEach(table -> System.out.println("upgraded " + table));
    System.out.println(changed.size() + " tables created or brought to the current layout");
    if (compact && !changed.isEmpty()) {
      upgrade.compact(changed, table -> System.out.println("compacted " + table));
    }
  }
}
