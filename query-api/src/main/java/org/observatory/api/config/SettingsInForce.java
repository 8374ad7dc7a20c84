package org.observatory.api.config;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Observatory's own settings as they are in force — the file's values and every default it leaves
 * out — as YAML: each default is stated once, in its field, and shown from there. Credentials are
 * write-only and never shown.
 */
public final class SettingsInForce {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).enable(YAMLGenerator.Feature.MINIMIZE_QUOTES))
      .setVisibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.NONE)
      .setVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY)
      .setSerializationInclusion(JsonInclude.Include.NON_NULL);

  private SettingsInForce() {}

  public static String yaml(ObservatoryConfiguration config) {
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("hbase", config.hbase());
    sections.put("indexSpec", config.indexSpecFile() == null ? "(the shipped specification)" : config.indexSpecFile());
    sections.put("load", config.load());
    sections.put("stream", config.stream());
    sections.put("query", config.query());
    sections.put("access", config.access());
    try {
      return YAML.writeValueAsString(sections);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the settings cannot be written as YAML", e);
    }
  }
}
