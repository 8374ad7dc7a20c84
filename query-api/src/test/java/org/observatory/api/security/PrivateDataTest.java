package org.observatory.api.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.observatory.api.AppProcess;
import org.observatory.api.EmbeddedApp;
import org.observatory.api.ObservatoryApplication;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * What the service keeps on disk is its own: the data directory and the jobs' results are private to
 * its user (0700), even under a directory any local user may enter — as a checkout is — and another
 * user ({@code nobody}, by setpriv) can neither list nor read them. (The spool, the rejected lines and
 * the work directories are made by {@code PrivateDirectories} too: its own test.)
 */
@ExtendWith(DropwizardExtensionsSupport.class)
@UsesStore
class PrivateDataTest {
  private static final String CONFIG = EmbeddedApp.config(SharedData.DAY_2013);
  private static final Path ROOT = Path.of(CONFIG).getParent();
  private static final DropwizardAppExtension<ObservatoryConfiguration> APP = new DropwizardAppExtension<>(
      ObservatoryApplication.class, opened(CONFIG));

  @Test
  void theServicesDirectoriesAreItsOwnAlone() throws Exception {
    for (String dir : List.of("data", "jobs")) {
      Path path = ROOT.resolve(dir);
      assertThat(path).as(dir).isDirectory();
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path))).as(dir).isEqualTo("rwx------");
    }
    assertThat(asNobody("ls", ROOT.toString())).as("the checkout itself stays open").isZero();
    assertThat(asNobody("ls", ROOT.resolve("data").toString())).isNotZero();
    assertThat(asNobody("ls", ROOT.resolve("jobs").toString())).isNotZero();
    try (var files = Files.walk(ROOT.resolve("data"))) {
      Path file = files.filter(Files::isRegularFile).findFirst().orElseThrow();
      assertThat(asNobody("cat", file.toString())).as(file.toString()).isNotZero();
    }
  }

  /** The configuration, its directory opened to every local user as a project's checkout is. */
  private static String opened(String config) {
    try {
      Files.setPosixFilePermissions(Path.of(config).getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
      return config;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The exit status of a command run as the user nobody (65534). */
  private static int asNobody(String... command) throws Exception {
    Process process = new ProcessBuilder(AppProcess.as(AppProcess.NOBODY, List.of(command))).redirectErrorStream(true).start();
    process.getInputStream().readAllBytes();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return process.exitValue();
  }
}
