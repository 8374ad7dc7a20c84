package org.observatory.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.dropwizard.configuration.DefaultConfigurationFactoryFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import org.junit.jupiter.api.Test;
import org.observatory.api.query.catalogue.QuerySettings;

/** {@code config} shows the file's settings and the defaults it leaves out, and never a credential. */
class SettingsInForceTest {
  private static final ObjectMapper YAML = Jackson.newObjectMapper(new YAMLFactory());

  @Test
  void showsTheFilesValuesTheDefaultsItLeavesOutAndNoSecret() throws Exception {
    ObservatoryConfiguration config = YAML.readValue("""
        hbase: {regionsPerTable: 4}
        query: {timeoutSeconds: 5}
        stream: {consumerKey: k3y, consumerSecret: s3cret, accessToken: t0ken, accessTokenSecret: t0kens3cret}
        """, ObservatoryConfiguration.class);

    String shown = SettingsInForce.yaml(config);

    JsonNode settings = YAML.readTree(shown);
    assertThat(settings.get("hbase").get("regionsPerTable").asInt()).isEqualTo(4);
    assertThat(settings.get("query").get("timeoutSeconds").asInt()).isEqualTo(5);
    assertThat(settings.get("query").get("maxMemes").asInt()).isEqualTo(new QuerySettings().maxMemes());
    assertThat(settings.get("load").get("rejectsDir").asText()).isNotBlank();
    assertThat(settings.get("stream").get("spoolDir").asText()).isNotBlank();
    assertThat(shown).doesNotContain("k3y", "s3cret", "t0ken", "consumer", "accessToken");
  }

  /**
   * A command run without {@code -c} gets the built-in configuration, which Dropwizard makes by writing a
   * default instance out and reading it back: nothing it writes may be unknown to it.
   */
  @Test
  void theBuiltInConfigurationReadsBackWhatItWrites() throws Exception {
    ObservatoryConfiguration config = new DefaultConfigurationFactoryFactory<ObservatoryConfiguration>()
        .create(ObservatoryConfiguration.class, Validators.newValidator(), Jackson.newObjectMapper(), "dw").build();

    assertThat(config.hbase().isEmbedded()).isTrue();
  }
}
