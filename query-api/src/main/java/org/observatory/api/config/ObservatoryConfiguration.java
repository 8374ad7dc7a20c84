package org.observatory.api.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.core.Configuration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.io.IOException;
import java.nio.file.Path;
import org.observatory.api.hbase.HBaseFactory;
import org.observatory.api.query.catalogue.QuerySettings;
import org.observatory.api.security.AccessSettings;
import org.observatory.schemas.index.IndexSpec;

/** The service's configuration (Dropwizard YAML); every field has a working default. */
public class ObservatoryConfiguration extends Configuration {
  @Valid
  @NotNull
  @JsonProperty
  private HBaseFactory hbase = new HBaseFactory();

  /** An index specification file; empty: the shipped default (meme, text, user-tweets, retweet, screen-name). */
  @JsonProperty
  private String indexSpec;

  @Valid
  @NotNull
  @JsonProperty
  private LoadSettings load = new LoadSettings();

  @Valid
  @NotNull
  @JsonProperty
  private StreamConfig stream = new StreamConfig();

  @Valid
  @NotNull
  @JsonProperty
  private QuerySettings query = new QuerySettings();

  @Valid
  @NotNull
  @JsonProperty
  private AccessSettings access = new AccessSettings();

  public HBaseFactory hbase() {
    return hbase;
  }

  public LoadSettings load() {
    return load;
  }

  public StreamConfig stream() {
    return stream;
  }

  public QuerySettings query() {
    return query;
  }

  public AccessSettings access() {
    return access;
  }

  /** The index specification file named, or null for the shipped one. */
  public String indexSpecFile() {
    return indexSpec == null || indexSpec.isBlank() ? null : indexSpec;
  }

  public IndexSpec indexSpec() throws IOException {
    return indexSpec == null || indexSpec.isBlank() ? IndexSpec.defaults() : IndexSpec.load(Path.of(indexSpec));
  }
}
