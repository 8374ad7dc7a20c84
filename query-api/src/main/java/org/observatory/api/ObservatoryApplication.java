package org.observatory.api;

import com.fasterxml.jackson.databind.SerializationFeature;
import io.dropwizard.core.Application;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import java.util.concurrent.ExecutorService;
import org.observatory.api.cli.GenerateCommand;
import org.observatory.api.cli.LoadCommand;
import org.observatory.api.cli.ParseCommand;
import org.observatory.api.cli.SampleSeeder;
import org.observatory.api.cli.StreamCommand;
import org.observatory.api.cli.TablesCommand;
import org.observatory.api.hbase.HBaseHealthCheck;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.query.ContentQueries;
import org.observatory.api.query.IndexScanner;
import org.observatory.api.query.MemeQueries;
import org.observatory.api.query.QuerySettings;
import org.observatory.api.query.TweetAssembler;
import org.observatory.api.query.TweetFetcher;
import org.observatory.api.query.TweetLookups;
import org.observatory.api.resources.ErrorMappers;
import org.observatory.api.resources.MonthsResource;
import org.observatory.api.resources.QueryResource;
import org.observatory.schemas.index.IndexSpec;

/** The Observatory service and its commands: {@code server}, {@code load}, {@code tables}. */
public class ObservatoryApplication extends Application<ObservatoryConfiguration> {

  public static void main(String[] args) throws Exception {
    new ObservatoryApplication().run(args);
  }

  @Override
  public String getName() {
    return "observatory";
  }

  @Override
  public void initialize(Bootstrap<ObservatoryConfiguration> bootstrap) {
    bootstrap.addCommand(new LoadCommand());
    bootstrap.addCommand(new StreamCommand());
    bootstrap.addCommand(new TablesCommand());
    bootstrap.addCommand(new ParseCommand());
    bootstrap.addCommand(new GenerateCommand());
    // Instants as ISO-8601 text, not epoch seconds.
    bootstrap.getObjectMapper().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
  }

  @Override
  public void run(ObservatoryConfiguration config, Environment environment) throws Exception {
    IndexSpec spec = config.indexSpec();
    HBaseStore store = config.hbase().open(false);
    environment.lifecycle().manage(store);
    environment.lifecycle().manage(new SampleSeeder(store, config.load(), spec, config.hbase().regionsPerTable(),
        config.hbase().dataDir().resolve("sample")));
    environment.healthChecks().register("hbase", new HBaseHealthCheck(store.connection()));

    QuerySettings query = config.query();
    ExecutorService scans = environment.lifecycle().executorService("index-scan-%d")
        .minThreads(query.scanThreads()).maxThreads(query.scanThreads()).build();
    IndexScanner scanner = new IndexScanner(store.connection(), store.tableNames(), scans,
        query.timeoutSeconds() * 1000L);
    TweetFetcher fetcher = new TweetFetcher(store.connection(), store.tableNames(), scans, query.timeoutSeconds() * 1000L);
    environment.jersey().register(new QueryResource(new MemeQueries(scanner, query),
        new ContentQueries(scanner, fetcher, query), new TweetLookups(scanner, query), fetcher,
        new TweetAssembler(store.connection(), store.tableNames()), query));
    environment.jersey().register(new MonthsResource(store.connection(), store.tableNames(), spec.names()));
    environment.jersey().register(new ErrorMappers.BadQuery());
    environment.jersey().register(new ErrorMappers.StoreUnavailable());
  }
}
