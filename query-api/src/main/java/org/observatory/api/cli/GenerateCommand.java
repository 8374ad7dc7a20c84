package org.observatory.api.cli;

import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.Command;
import io.dropwizard.core.setup.Bootstrap;
import java.nio.file.Path;
import java.time.LocalDate;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.observatory.generator.Generator;
import org.observatory.generator.GeneratorSettings;

/** {@code generate --out DIR [--first-day D] [--days N] [--per-day N] [--seed S] ...}: synthetic tweet days. */
public final class GenerateCommand extends Command {
  public GenerateCommand() {
    super("generate", "Write synthetic days of Twitter v1.1 stream JSON, one .json.gz per day");
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
    subparser.addArgument("--malformed").type(Double.class).setDefault(0.0005).help("share of cut-off lines (default 0.0005)");
  }

  @Override
  public void run(Bootstrap<?> bootstrap, Namespace ns) throws Exception {
    LocalDate first = LocalDate.parse(ns.getString("first_day"));
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
