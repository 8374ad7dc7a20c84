package org.observatory.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Observatory's commands, each run in a JVM of its own as an operator runs them, so that every
 * measurement starts cold and alone. Each command's output goes to a log of its own.
 */
public final class App {
  private static final String MAIN = "org.observatory.api.ObservatoryApplication";
  private final String jar;
  private final JavaOptions javaOptions;
  private final Path logs;

  /**
   * @param jar Observatory's executable jar; empty: its classes on this JVM's classpath
   * @param javaOptions for each command's JVM
   * @param logs where each command's output is kept
   */
  public App(String jar, JavaOptions javaOptions, Path logs) throws IOException {
    this.jar = jar;
    this.javaOptions = javaOptions;
    this.logs = Files.createDirectories(logs);
  }

  /** Runs a command to its end and returns its summary line. */
  public CommandSummary run(String name, String... args) throws IOException, InterruptedException {
    return summary(name, start(name, args).waitFor());
  }

  private CommandSummary summary(String name, int exit) throws IOException {
    // The summary is the last line of its kind: an embedded HBase stopping may print its threads after it.
    List<String> summaries = Files.readAllLines(logs.resolve(name + ".out")).stream()
        .filter(CommandSummary::isSummary).toList();
    if (exit != 0 || summaries.isEmpty()) {
      throw new IllegalStateException(name + " failed (exit " + exit + "); its log ends:\n" + tail(name));
    }
    return new CommandSummary(summaries.get(summaries.size() - 1));
  }

  /**
   * Runs one of the harness's own programs to its end in a JVM of its own, with Observatory's classes
   * beside it (for its parser), and returns its summary line.
   */
  public CommandSummary runBench(String name, String mainClass, String... args) throws IOException, InterruptedException {
    String classPath = System.getProperty("java.class.path") + (jar.isEmpty() ? "" : java.io.File.pathSeparator + jar);
    return summary(name, startJava(name, classPath, mainClass, args).waitFor());
  }

  /** Starts a program of the harness's on a classpath of its own (a peer's), with the options named {@code name}. */
  public Process startJava(String name, String classPath, String mainClass, String... args) throws IOException {
    return launch(name, javaOptions.of(name), List.of("-cp", classPath, mainClass), args);
  }

  /** Runs a command to its end and returns what it printed (its stdout). */
  public String output(String name, String... args) throws IOException, InterruptedException {
    int exit = start(name, args).waitFor();
    if (exit != 0) {
      throw new IllegalStateException(name + " failed (exit " + exit + "); its log ends:\n" + tail(name));
    }
    return Files.readString(logs.resolve(name + ".out")).strip();
  }

  /** Starts the service on a store and returns once it answers its health check. */
  public Service serve(String name, Store store, Long mapReduceThreshold) throws IOException, InterruptedException {
    return serve(name, store.config(mapReduceThreshold), store.httpPort(), store.adminPort());
  }

  /** Starts the service by a configuration file, on the ports it names, and returns once it is healthy. */
  public Service serve(String name, Path config, int httpPort, int adminPort) throws IOException, InterruptedException {
    Process process = start(name, "server", config.toString());
    HttpClient http = HttpClient.newHttpClient();
    URI health = URI.create("http://localhost:" + adminPort + "/healthcheck");
    for (int second = 0; second < 300 && process.isAlive(); second++) {
      try {
        if (http.send(HttpRequest.newBuilder(health).build(), HttpResponse.BodyHandlers.discarding())
            .statusCode() == 200) {
          return new Service(process, "http://localhost:" + httpPort);
        }
      } catch (IOException notYet) {
        // the service is still starting
      }
      Thread.sleep(1000);
    }
    process.destroy();
    throw new IllegalStateException("the service did not start; its log ends:\n" + tail(name));
  }

  /** The same commands with more options for their JVMs, e.g. Dropwizard's {@code -Ddw.} overrides. */
  public App with(List<String> moreJavaOptions) throws IOException {
    return new App(jar, javaOptions.plus(moreJavaOptions), logs);
  }

  /** A running service; closing it stops it the way an operator would (SIGTERM) and waits. */
  public record Service(Process process, String url) implements AutoCloseable {
    /**
     * Waits until the service idles (under a tenth of a core through one {@code sample}), at most
     * {@code limit}, and returns how long it waited. Once the service opens a freshly bulk-loaded store's
     * regions, HBase compacts the files the load landed, on both cores for minutes at 10 million tweets:
     * a 16-day user-post-count timed then took 12.2 s, and 5.6 s after.
     */
    public Duration awaitIdle(Duration sample, Duration limit) throws InterruptedException {
      long began = System.nanoTime();
      Optional<Duration> before = process.info().totalCpuDuration();
      while (before.isPresent() && System.nanoTime() - began < limit.toNanos()) {
        Thread.sleep(sample.toMillis());
        Optional<Duration> now = process.info().totalCpuDuration();
        if (now.isEmpty() || now.get().minus(before.get()).toNanos() * 10 < sample.toNanos()) {
          break;
        }
        before = now;
      }
      return Duration.ofNanos(System.nanoTime() - began);
    }

    @Override
    public void close() throws InterruptedException {
      process.destroy();
      process.waitFor();
    }
  }

  private Process start(String name, String... args) throws IOException {
    // The executable jar grants the JDK's module openings HBase needs by its manifest; run from the
    // classpath, the openings must be among the java options.
    return launch(name, javaOptions.of(args[0]),
        jar.isEmpty() ? List.of("-cp", System.getProperty("java.class.path"), MAIN) : List.of("-jar", jar), args);
  }

  private Process launch(String name, List<String> options, List<String> program, String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(options);
    command.addAll(program);
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectOutput(logs.resolve(name + ".out").toFile())
        .redirectError(logs.resolve(name + ".log").toFile()).start();
  }

  /** What a command logged (its stderr). */
  public List<String> log(String name) throws IOException {
    return Files.readAllLines(logs.resolve(name + ".log"));
  }

  private String tail(String name) throws IOException {
    List<String> lines = log(name);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
  }
}
