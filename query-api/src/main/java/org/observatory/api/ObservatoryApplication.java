package org.observatory.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dropwizard.core.Application;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import jakarta.servlet.DispatcherType;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.apache.hadoop.fs.Path;
import org.glassfish.jersey.server.ServerProperties;
import org.observatory.api.cli.ConfigCommand;
import org.observatory.api.cli.GenerateCommand;
import org.observatory.api.cli.KeysCommand;
import org.observatory.api.cli.LoadCommand;
import org.observatory.api.cli.ParseCommand;
import org.observatory.api.cli.ReindexCommand;
import org.observatory.api.cli.SampleSeeder;
import org.observatory.api.cli.StreamCommand;
import org.observatory.api.cli.TablesCommand;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.api.hbase.HBaseHealthCheck;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.jobs.QueryJobs;
import org.observatory.api.jobs.QueryWork;
import org.observatory.api.query.AccountIds;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.query.engine.QueryEngine;
import org.observatory.api.query.engine.QueryEngines;
import org.observatory.api.query.fetch.TweetAssembler;
import org.observatory.api.query.fetch.TweetFetcher;
import org.observatory.api.query.fetch.mapreduce.ContentJob;
import org.observatory.api.query.index.IndexPlanner;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.resources.ApiDescription;
import org.observatory.api.resources.ClientGone;
import org.observatory.api.resources.DashboardResource;
import org.observatory.api.resources.ErrorMappers;
import org.observatory.api.resources.IndexesResource;
import org.observatory.api.resources.JobsResource;
import org.observatory.api.resources.JsonErrorHandler;
import org.observatory.api.resources.MonthsResource;
import org.observatory.api.resources.QueryResource;
import org.observatory.api.resources.UndecodableQuery;
import org.observatory.api.security.Access;
import org.observatory.api.security.ApiKeys;
import org.observatory.api.security.Exposure;
import org.observatory.api.security.FairUse;
import org.observatory.loader.LoaderKit;
import org.observatory.loader.bluesky.UniqueIds;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Platform;
import org.observatory.schemas.tables.TableNames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The Observatory service and its commands: {@code server}, {@code load}, {@code tables}. */
public class ObservatoryApplication extends Application<ObservatoryConfiguration> {
  private static final Logger LOG = LoggerFactory.getLogger(ObservatoryApplication.class);

  public static void main(String[] args) throws Exception {
    runThenExit(new ObservatoryApplication(), args);
  }

  /**
   * Runs the command the arguments name; every command but {@code server} then ends the JVM. A
   * command's embedded HBase can leave threads behind that keep a JVM alive for good: when its region
   * server is slow to stop (a busy machine), HBase interrupts it, the WAL's close fails, and the WAL's
   * non-daemon sync threads wait forever. A failed command already exits, with 1.
   */
  static void runThenExit(Application<ObservatoryConfiguration> application, String[] args) throws Exception {
    application.run(args);
    if (args.length == 0 || !args[0].equals("server")) {
      System.exit(0);
    }
  }

  @Override
  public String getName() {
    return "observatory";
  }

  @Override
  public void initialize(Bootstrap<ObservatoryConfiguration> bootstrap) {
    bootstrap.addCommand(new LoadCommand());
    bootstrap.addCommand(new StreamCommand());
    bootstrap.addCommand(new ReindexCommand());
    bootstrap.addCommand(new TablesCommand());
    bootstrap.addCommand(new ParseCommand());
    bootstrap.addCommand(new GenerateCommand());
    bootstrap.addCommand(new ConfigCommand());
    bootstrap.addCommand(new KeysCommand());
    DashboardResource.assets().forEach(bootstrap::addBundle);
    // Instants as ISO-8601 text, not epoch seconds.
    bootstrap.getObjectMapper().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
  }

  @Override
  public void run(ObservatoryConfiguration config, Environment environment) throws Exception {
    IndexSpec spec = config.indexSpec();
    Exposure exposure = Exposure.loopbackUnlessSet(config.getServerFactory());
    HBaseStore store = config.hbase().open(false);
    environment.lifecycle().manage(store);
    ApiKeys keys = new ApiKeys(store.connection(), store.tableNames());
    LOG.info(exposure.admit(keys.anyActive())); // refuses to serve other machines without keys
    FairUse fairUse = new FairUse(config.access());
    Access.register(environment, keys, exposure, fairUse);
    LoaderKit loaderKit = new LoaderKit(store.connection(), store.tableNames(), spec, config.hbase().regionsPerTable());
    environment.lifecycle().manage(new SampleSeeder(loaderKit, config.load(), config.hbase().dataDir().resolve("sample")));
    environment.healthChecks().register("hbase", new HBaseHealthCheck(store.connection()));

    QuerySettings query = config.query();
    ExecutorService scans = environment.lifecycle().executorService("index-scan-%d")
        .minThreads(query.scanThreads()).maxThreads(query.scanThreads()).build();
    ObjectMapper json = environment.getObjectMapper();
    QueryEngines interactive = engines(store, spec, query, scans, query.timeoutSeconds() * 1000L);
    environment.jersey().register(new QueryResource(interactive, query, fairUse, json));
    // Jobs run the same queries on engines with a longer time limit.
    QueryEngines background = engines(store, spec, query, scans, query.jobTimeoutMinutes() * 60_000L);
    QueryJobs jobs = QueryJobs.open(new Path(query.jobsDir()), store.connection().getConfiguration(), json,
        new QueryWork(json), query.jobThreads(), Duration.ofHours(query.jobResultsHours()));
    environment.lifecycle().manage(jobs);
    environment.jersey().register(new JobsResource(background, jobs, fairUse, json));
    environment.jersey().register(new MonthsResource(store.connection(), store.tableNames(), spec));
    environment.jersey().register(new IndexesResource(Arrays.stream(Platform.values())
        .map(p -> IndexPlanner.of(store.connection(), store.tableNames().of(p), spec)).toList()));
    environment.jersey().register(ApiDescription.resource());
    environment.jersey().register(new DashboardResource());
    // Jetty's own refusals (unparseable requests, a URI or headers too long) in JSON like every other error.
    JsonErrorHandler errors = new JsonErrorHandler();
    environment.getApplicationContext().setErrorHandler(errors);
    environment.lifecycle().addServerLifecycleListener(server -> server.setErrorHandler(errors));
    // A relative Location stays relative: resolving it would echo whatever Host header the client sent.
    environment.jersey().property(ServerProperties.LOCATION_HEADER_RELATIVE_URI_RESOLUTION_DISABLED, true);
    environment.jersey().register(new ErrorMappers.BadQuery());
    environment.jersey().register(new ErrorMappers.Overloaded());
    environment.jersey().register(new ErrorMappers.OverQuota());
    environment.jersey().register(new ErrorMappers.TimedOut());
    environment.jersey().register(new ErrorMappers.StoreUnavailable());
    environment.jersey().register(new ErrorMappers.StoreUnavailableUnchecked());
    environment.jersey().register(new ClientGone());
    environment.servlets().addFilter("undecodable-query", new UndecodableQuery())
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
  }

  /** Bluesky's DIDs as user ids, from its id table; Twitter's accounts have no DIDs. */
  private static AccountIds accountIds(HBaseStore store, TableNames names) {
    if (names.platform() != Platform.BLUESKY) {
      return AccountIds.NONE;
    }
    UniqueIds ids = new UniqueIds(store.connection(), names.ids());
    return did -> {
      try {
        return ids.find(did);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    };
  }

  /** Each platform's query engine with a time limit: phase 2 fetches and its MapReduce jobs share it. */
  private static QueryEngines engines(HBaseStore store, IndexSpec spec, QuerySettings settings, ExecutorService pool,
      long timeoutMillis) {
    Map<Platform, QueryEngine> engines = new EnumMap<>(Platform.class);
    for (Platform platform : Platform.values()) {
      TableNames names = store.tableNames().of(platform);
      IndexScanner scanner = new IndexScanner(store.connection(), names, spec, pool, settings.timeoutSeconds() * 1000L,
          settings.maxPhase1Entries());
      TweetFetcher fetcher = new TweetFetcher(store.connection(), names, pool, timeoutMillis);
      ContentJob bigPhase2 = new ContentJob(store.connection().getConfiguration(), names, spec,
          new ContentJob.Settings(new Path(settings.workDir()), settings.mapReduceTasks()), timeoutMillis);
      engines.put(platform, new QueryEngine(spec, settings, scanner, fetcher, new TweetAssembler(store.connection(), names),
          bigPhase2, platform, accountIds(store, names)));
    }
    return new QueryEngines(engines);
  }
}
