package org.observatory.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.dropwizard.core.cli.Command;
import io.dropwizard.core.setup.Bootstrap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command that is done ends its JVM, whatever threads it left behind, as a stream daemon's embedded
 * HBase leaves the WAL's sync threads when its slow stop was interrupted.
 */
class CommandExitTest {
  @Test
  void aCommandThatLeavesANonDaemonThreadBehindStillEndsItsJvm(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("out.log");
    Process command = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Lingering.class.getName(), "linger")
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      assertThat(command.waitFor(60, TimeUnit.SECONDS)).as("the JVM ended: " + Files.readString(log)).isTrue();
      assertThat(command.exitValue()).isZero();
      assertThat(Files.readString(log)).contains("a thread left behind");
    } finally {
      command.destroyForcibly();
    }
  }

  /** The application with one more command, which leaves a thread that never ends. */
  public static final class Lingering extends ObservatoryApplication {
    public static void main(String[] args) throws Exception {
      runThenExit(new Lingering(), args);
    }

    @Override
    public void initialize(Bootstrap<org.observatory.api.config.ObservatoryConfiguration> bootstrap) {
      super.initialize(bootstrap);
      bootstrap.addCommand(new Command("linger", "leaves a non-daemon thread behind") {
        @Override
        public void configure(Subparser subparser) {}

        @Override
        public void run(Bootstrap<?> bootstrap, Namespace namespace) throws Exception {
          Thread behind = new Thread(() -> {
            try {
              Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
          behind.start();
          System.out.println("a thread left behind");
        }
      });
    }
  }
}
