package org.observatory.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dropwizard.core.Application;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import org.apache.hadoop.fs.Path;
import org.observatory.api.cli.GenerateCommand;
import org.observatory.api.cli.LoadCommand;
import org.observatory.api.cli.ParseCommand;
import org.observatory.api.cli.ReindexCommand;
import org.observatory.api.cli.SampleSeeder;
import org.observatory.api.cli.StreamCommand;
import org.observatory.api.cli.TablesCommand;
import org.observatory.api.hbase.HBaseHealthCheck;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.jobs.QueryJobs;
import org.observatory.api.jobs.QueryWork;
import org.observatory.api.query.ContentQueries;
import org.observatory.api.query.IndexPlanner;
import org.observatory.api.query.IndexScanner;
import org.observatory.api.query.MemeQueries;
import org.observatory.api.query.Queries;
import org.observatory.api.query.QuerySettings;
import org.observatory.api.query.TweetAssembler;
import org.observatory.api.query.TweetFetcher;
import org.observatory.api.query.TweetLookups;
import org.observatory.api.query.job.ContentJob;
import org.observatory.api.resources.ApiDescription;
import org.observatory.api.resources.ErrorMappers;
import org.observatory.api.resources.IndexesResource;
import org.observatory.api.resources.JobsResource;
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
    bootstrap.addCommand(new ReindexCommand());
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
    IndexScanner scanner = new IndexScanner(store.connection(), store.tableNames(), spec, scans,
        query.timeoutSeconds() * 1000L, query.maxPhase1Entries());
    ContentJob contentJob = new ContentJob(store.connection(), store.tableNames(),
        new ContentJob.Settings(new Path(query.workDir()), query.mapReduceTasks()));
    TweetAssembler assembler = new TweetAssembler(store.connection(), store.tableNames());
    ObjectMapper json = environment.getObjectMapper();

    long interactiveMillis = query.timeoutSeconds() * 1000L;
    TweetFetcher fetcher = new TweetFetcher(store.connection(), store.tableNames(), scans, interactiveMillis);
    Queries queries = queries(scanner, fetcher, contentJob, query, interactiveMillis);
    environment.jersey().register(new QueryResource(queries, fetcher, assembler, query, json));

    // Jobs run the same queries with a longer time limit.
    long jobMillis = query.jobTimeoutMinutes() * 60_000L;
    TweetFetcher jobFetcher = new TweetFetcher(store.connection(), store.tableNames(), scans, jobMillis);
    QueryJobs jobs = QueryJobs.open(new Path(query.jobsDir()), store.connection().getConfiguration(), json,
        new QueryWork(queries(scanner, jobFetcher, contentJob, query, jobMillis), jobFetcher, assembler, json),
        query.jobThreads(), Duration.ofHours(query.jobResultsHours()));
    environment.lifecycle().manage(jobs);
    environment.jersey().register(new JobsResource(queries, jobs, json));
    environment.jersey().register(new MonthsResource(store.connection(), store.tableNames(), spec));
    environment.jersey().register(new IndexesResource(IndexPlanner.of(store.connection(), store.tableNames(), spec)));
    environment.jersey().register(ApiDescription.resource());
    environment.jersey().register(new ErrorMappers.BadQuery());
    environment.jersey().register(new ErrorMappers.StoreUnavailable());
  }

  private static Queries queries(IndexScanner scanner, TweetFetcher fetcher, ContentJob contentJob,
      QuerySettings settings, long timeoutMillis) {
    return new Queries(new MemeQueries(scanner, settings),
        new ContentQueries(scanner, fetcher, contentJob, settings, timeoutMillis), new TweetLookups(scanner, settings),
        settings);
  }
}
