package org.observatory.api.cli;

import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.Command;
import io.dropwizard.core.setup.Bootstrap;
import java.nio.file.Path;
import java.time.LocalDate;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.observatory.generator.Generator;
import org.observatory.generator.JetstreamGenerator;
import org.observatory.generator.GeneratorSettings;

/** {@code generate --out DIR [--first-day D] [--days N] [--per-day N] [--seed S] ...}: synthetic tweet days. */
public final class GenerateCommand extends Command {
  public GenerateCommand() {
    super("generate", "Write synthetic days of Twitter v1.1 stream JSON, one .json.gz per day, or with --bluesky "
        + "hours of Jetstream events, one .jsonl.gz per hour");
  }

  @Override
  public void configure(Subparser subparser) {
    subparser.addArgument("--out").required(true).help("directory to write tweets.YYYY-MM-DD.json.gz files into");
    subparser.addArgument("--first-day").setDefault("2012-06-01").help("first day, YYYY-MM-DD (default 2012-06-01)");
    subparser.addArgument("--days").type(Integer.class).setDefault(30).help("number of days (default 30)");
    subparser.addArgument("--per-day").type(Integer.class).setDefault(20_000)
        .help("average statuses per day before the event adds its own (default 20000)");
    subparser.addArgument("--seed").type(Long.class).setDefault(2012L).help("random seed (default 2012)");
    subparser.addArgument("--event-hashtag").setDefault("euro2012").help("the bursty event's hashtag, without # (default euro2012)");
    subparser.addArgument("--event-start").help("first of the event's 16 days (default: the 8th day)");
    subparser.addArgument("--bluesky").action(net.sourceforge.argparse4j.impl.Arguments.storeTrue())
        .help("Jetstream v1 events of every collection instead, jetstream.YYYY-MM-DDTHH.jsonl.gz an hour");
    subparser.addArgument("--hours").type(Integer.class).setDefault(24).help("bluesky: number of hours (default 24)");
    subparser.addArgument("--per-second").type(Double.class).setDefault(100.0)
        .help("bluesky: events a second, every collection together (default 100)");
    subparser.addArgument("--users").type(Integer.class).setDefault(50_000).help("bluesky: accounts that act (default 50000)");
    subparser.addArgument("--malformed").type(Double.class).setDefault(0.0005).help("share of cut-off lines (default 0.0005)");
  }

  @Override
  public void run(Bootstrap<?> bootstrap, Namespace ns) throws Exception {
    LocalDate first = LocalDate.parse(ns.getString("first_day"));
    if (ns.getBoolean("bluesky")) {
      System.out.println(JetstreamGenerator.write(new JetstreamGenerator.Settings(ns.getLong("seed"),
          first.atStartOfDay(java.time.ZoneOffset.UTC).toInstant(), ns.getInt("hours"), ns.getDouble("per_second"),
          ns.getInt("users")), Path.of(ns.getString("out"))));
      return;
    }
    GeneratorSettings defaults = GeneratorSettings.defaults(first, ns.getInt("days"), ns.getInt("per_day"));
    GeneratorSettings settings = new GeneratorSettings(ns.getLong("seed"), first, ns.getInt("days"),
        ns.getInt("per_day"), defaults.users(), defaults.hashtags(), ns.getString("event_hashtag"),
        ns.getString("event_start") == null ? defaults.eventStart() : LocalDate.parse(ns.getString("event_start")),
        defaults.retweetShare(), defaults.replyShare(), defaults.quoteShare(), defaults.deleteShare(),
        ns.getDouble("malformed"));
    System.out.println(Generator.write(settings, Path.of(ns.getString("out"))));
  }

  @Override
  public void onError(Cli cli, Namespace namespace, Throwable e) {
    Commands.reportError(cli, e);
  }
}
