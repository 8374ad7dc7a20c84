package org.observatory.api.cli;

import io.dropwizard.core.setup.Bootstrap;
import net.sourceforge.argparse4j.inf.Namespace;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.api.config.SettingsInForce;

/**
 * {@code config [-c CONFIG]}: prints Observatory's settings in force — the file's, and every default it
 * leaves out — so that an operator sees what runs without the defaults being written twice.
 */
public final class ConfigCommand extends StoreCommand {
  public ConfigCommand() {
    super("config", "Print the settings in force: the configuration file's, and the defaults it leaves out");
  }

  @Override
  protected void run(Bootstrap<ObservatoryConfiguration> bootstrap, Namespace namespace,
      ObservatoryConfiguration config) {
    System.out.print(SettingsInForce.yaml(config));
  }
}
