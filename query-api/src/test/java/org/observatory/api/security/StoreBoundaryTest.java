package org.observatory.api.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.observatory.api.AppProcess;
import org.observatory.api.EmbeddedApp;
import org.observatory.api.ObservatoryApplication;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.api.hbase.EmbeddedHBase;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.hbase.secret.StoreAccess;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * The embedded store takes only a process that can read its data directory. Another local user
 * ({@code nobody}, by setpriv) runs the {@code keys} command against the running service, as the
 * probe of issue 68 did, and is refused; clients that skip the command (plain ZooKeeper, HBase RPC with
 * simple authentication, a forged secret) are refused by the store itself; a key made behind the
 * service's back still lands in its own trail.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
@UsesStore
class StoreBoundaryTest {
  private static final String CONFIG = EmbeddedApp.config(SharedData.DAY_2013);
  private static final Path ROOT = Path.of(CONFIG).getParent();
  private static final Path TRAIL = ROOT.resolve("audit.log");
  private static final DropwizardAppExtension<ObservatoryConfiguration> APP = new DropwizardAppExtension<>(
      ObservatoryApplication.class, opened(EmbeddedApp.withAuditFile(CONFIG, TRAIL)));
  private static HBaseStore attached;
  private static Path intruder;

  @BeforeAll
  static void attach() throws Exception {
    attached = APP.getConfiguration().hbase().open(true);
    intruder = Files.createTempDirectory("intruder");
    Files.setPosixFilePermissions(intruder, PosixFilePermissions.fromString("rwxrwxrwx"));
  }

  @AfterAll
  static void detach() throws IOException {
    attached.close();
  }

  @Test
  void anotherLocalUserCannotMakeAKeyWithTheCommand() throws Exception {
    String classpath = readableClasspath();
    // The intruder copies the service's configuration: its own data directory, or the service's.
    String config = Files.readString(Path.of(CONFIG));
    Path ownData = Files.writeString(intruder.resolve("own.yml"),
        config.replace(ROOT.resolve("data").toString(), intruder.resolve("data").toString()));
    Path sameData = Files.writeString(intruder.resolve("same.yml"), config);
    for (Path copy : List.of(ownData, sameData)) {
      Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-r--r--"));
      Run run = asNobody(classpath, "keys", "-c", copy.toString(), "create", "--name", "intruder", "--role", "admin");
      assertThat(run.status()).as(run.output()).isNotZero();
      assertThat(run.output()).containsAnyOf("cannot read the embedded store's secret", "no store secret at");
      assertThat(run.output()).doesNotContain("obs_");
    }
    assertThat(new ApiKeys(attached.connection(), attached.tableNames()).list())
        .noneMatch(key -> key.name().equals("intruder"));
  }

  @Test
  void zooKeeperEndsASessionThatShowsNoSecret() throws Exception {
    int port = attached.configuration().getInt(HConstants.ZOOKEEPER_CLIENT_PORT, 0);
    CountDownLatch connected = new CountDownLatch(1);
    ZooKeeper plain = new ZooKeeper("localhost:" + port, 10_000, event -> {
      if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
        connected.countDown();
      }
    });
    try {
      connected.await(10, TimeUnit.SECONDS);
      assertThatThrownBy(() -> plain.getChildren("/hbase", false)).isInstanceOf(KeeperException.class);
    } finally {
      plain.close();
    }
  }

  @Test
  void hbaseRefusesSimpleAuthenticationAndAForgedSecret() throws Exception {
    ServerName server;
    try (Admin admin = attached.connection().getAdmin()) {
      server = admin.getRegionServers().iterator().next();
    }
    Configuration simple = straightTo(server);
    assertRefused(simple);

    Path secret = EmbeddedHBase.secretFile(APP.getConfiguration().hbase().dataDir());
    String user = Files.readAllLines(secret).stream().filter(line -> line.startsWith("user=")).findFirst().orElseThrow();
    Path forged = Files.writeString(intruder.resolve("forged.secret"), user + "\npassword=guessed\n");
    Configuration guessing = straightTo(server);
    StoreAccess.require(guessing, forged);
    assertRefused(guessing);

    Configuration right = straightTo(server);
    StoreAccess.require(right, secret);
    try (Connection connection = ConnectionFactory.createConnection(right); Admin admin = connection.getAdmin()) {
      assertThat(admin.listTableNames()).isNotEmpty();
    }
  }

  @Test
  void aKeyMadeBehindTheServicesBackIsInItsTrail() throws Exception {
    ApiKeys keys = new ApiKeys(attached.connection(), attached.tableNames());
    String id = keys.create("behind", Role.ADMIN).key().id();
    keys.revoke(id);
    long deadline = System.currentTimeMillis() + 4 * KeyWatch.EVERY_MILLIS;
    List<String> seen = List.of();
    while (System.currentTimeMillis() < deadline) {
      seen = Files.exists(TRAIL) ? Files.readAllLines(TRAIL).stream().filter(line -> line.contains(id)).toList() : seen;
      if (seen.size() >= 2) {
        break;
      }
      Thread.sleep(250);
    }
    assertThat(seen).as("the trail's lines about " + id).anySatisfy(line -> assertThat(line)
        .contains("\"actor\":\"store\"", "\"action\":\"key.create\"", "\"name\":\"behind\"", "\"role\":\"admin\""));
  }

  private static void assertRefused(Configuration conf) {
    long started = System.nanoTime();
    assertThatThrownBy(() -> {
      try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
        admin.listTableNames();
      }
    }).isInstanceOf(IOException.class);
    assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started)).isLessThan(60);
  }

  /** A client that finds the store by one of its servers (no ZooKeeper), and tries once. */
  private static Configuration straightTo(ServerName server) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.client.registry.impl", "org.apache.hadoop.hbase.client.RpcConnectionRegistry");
    conf.set("hbase.client.bootstrap.servers", server.getAddress().toString());
    conf.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 1);
    conf.setInt(HConstants.HBASE_CLIENT_OPERATION_TIMEOUT, 10_000);
    conf.setInt(HConstants.HBASE_RPC_TIMEOUT_KEY, 5_000);
    return conf;
  }

  private record Run(int status, String output) {}

  /** Runs the application's command as the user nobody (65534), on a classpath it can read. */
  private static Run asNobody(String classpath, String command, String... arguments) throws Exception {
    List<String> line = new ArrayList<>(AppProcess.command(classpath, List.of("-Djava.io.tmpdir=" + intruder), command));
    line.addAll(List.of(arguments));
    line = AppProcess.as(AppProcess.NOBODY, line);
    Process process = new ProcessBuilder(line).directory(intruder.toFile()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Run(process.exitValue(), output);
  }

  /** This JVM's classpath, in its order, as jars any user can read (hard links where they can be). */
  private static String readableClasspath() throws IOException {
    Path dir = Files.createDirectories(intruder.resolve("lib"));
    String classpath = AppProcess.classpath();
    List<String> readable = new ArrayList<>();
    int n = 0;
    for (String entry : classpath.split(File.pathSeparator)) {
      Path path = Path.of(entry);
      Path jar = dir.resolve((n++) + "-" + path.getFileName() + (Files.isDirectory(path) ? ".jar" : ""));
      readable.add(jar.toString());
      if (Files.isDirectory(path)) {
        zip(path, jar);
      } else if (Files.isRegularFile(path)) {
        try {
          Files.createLink(jar, path);
        } catch (IOException | UnsupportedOperationException e) {
          Files.copy(path, jar);
        }
      }
    }
    try (Stream<Path> files = Files.walk(intruder)) {
      for (Path file : files.toList()) {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(Files.isDirectory(file) ? "rwxr-xr-x" : "rw-r--r--"));
      }
    }
    return String.join(File.pathSeparator, readable);
  }

  private static void zip(Path dir, Path jar) throws IOException {
    try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(jar)); Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        out.putNextEntry(new java.util.zip.ZipEntry(dir.relativize(file).toString()));
        Files.copy(file, out);
        out.closeEntry();
      }
    }
  }

  private static String opened(String config) {
    try {
      Files.setPosixFilePermissions(Path.of(config).getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
      Files.setPosixFilePermissions(Path.of(config), PosixFilePermissions.fromString("rw-r--r--"));
      return config;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
