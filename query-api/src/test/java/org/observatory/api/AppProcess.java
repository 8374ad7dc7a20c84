package org.observatory.api;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * The application's commands as the launcher runs them: a java process of their own, with this JVM's
 * module options, on a classpath; and any command as another local user.
 */
public final class AppProcess {
  /** The user nobody: no rights to anything of the service's. */
  public static final int NOBODY = 65534;

  private AppProcess() {}

  /** This JVM's classpath (surefire's, whose own is a manifest jar). */
  public static String classpath() {
    return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
  }

  /**
   * java, this JVM's module options, then the options given, the classpath, the application and its
   * arguments.
   */
  public static List<String> command(String classpath, List<String> options, String... arguments) {
    List<String> line = new ArrayList<>(List.of(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java")
        .toString()));
    ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(option -> option.startsWith("--add-") || option.startsWith("-Dorg.apache.hbase.thirdparty"))
        .forEach(line::add);
    line.addAll(options);
    line.addAll(List.of("-cp", classpath, ObservatoryApplication.class.getName()));
    line.addAll(List.of(arguments));
    return line;
  }

  /** The command run as that user and group, with no other groups (setpriv, from util-linux). */
  public static List<String> as(int uid, List<String> command) {
    List<String> line = new ArrayList<>(List.of("setpriv", "--reuid=" + uid, "--regid=" + uid, "--clear-groups", "--"));
    line.addAll(command);
    return line;
  }
}
