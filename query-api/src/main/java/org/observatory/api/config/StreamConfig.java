package org.observatory.api.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import org.apache.hadoop.hbase.client.Durability;
import org.observatory.loader.stream.StreamPart;
import org.observatory.loader.stream.StreamSettings;
import org.observatory.loader.stream.TwitterSource;

/** The {@code stream:} section: how the streaming loader daemon runs. */
public class StreamConfig {
  /** The v1.1 streaming endpoint; point it at any server that speaks the stream format. */
  @JsonProperty
  @NotEmpty
  private String streamBaseUrl = "https://stream.twitter.com/1.1/";

  /** Words for the filter stream; empty: the sample stream. */
  @JsonProperty
  private String[] track = new String[0];

  /**
   * OAuth credentials; each falls back to an environment variable (TWITTER_CONSUMER_KEY, ...). Read,
   * never written out: {@code config} does not print them.
   */
  @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
  private String consumerKey;

  @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
  private String consumerSecret;

  @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
  private String accessToken;

  @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
  private String accessTokenSecret;

  /** The spool's directory; each loader of a split stream gets a subdirectory of its own. */
  @JsonProperty
  @NotEmpty
  private String spoolDir = "data/stream-spool";

  @JsonProperty
  @Min(1)
  private int spoolMaxMb = 2048;

  // A segment's lines wait this long before their loading begins: at 5,000 lines/s, 250 ms rather than
  // 500 took the worst minute's arrival-to-stored p99 from 1.9 to 1.2 s, and flat out lost nothing.
  @JsonProperty
  @Min(10)
  private int rollMillis = 250;

  @JsonProperty
  @NotEmpty
  private String rejectsDir = "data/rejected";

  @JsonProperty
  @Min(1)
  private int writeBufferMb = 4;

  @JsonProperty
  @NotNull
  private Durability durability = Durability.SYNC_WAL;

  @JsonProperty
  @Min(1)
  private int progressSeconds = 10;

  @JsonProperty
  @Min(0)
  private int drainSeconds = 20;

  @JsonProperty
  @Min(1)
  private int maxLagSeconds = 60;

  /**
   * How long one segment's write to HBase may take before the loader reports itself unhealthy (a
   * segment normally takes a second or two; HBase gone makes a write hang while the client retries).
   */
  @JsonProperty
  @Min(1)
  private int stalledWriteSeconds = 10;

  /** Where the daemon serves /healthcheck and /metrics (the first loader of a split; the next ones add their index). */
  @JsonProperty
  @Min(1)
  private int adminPort = 8091;

  public int adminPort() {
    return adminPort;
  }

  public String streamBaseUrl() {
    return streamBaseUrl;
  }

  public String[] track() {
    return track.clone();
  }

  /** Bluesky's Jetstream source: {@code stream.bluesky}. */
  @JsonProperty
  @Valid
  @NotNull
  private JetstreamConfig bluesky = new JetstreamConfig();

  public JetstreamConfig bluesky() {
    return bluesky;
  }

  /**
   * How one loader of the stream runs; a source's own spool, so that a Jetstream loader's cursor and
   * segments never mix with another source's.
   *
   * @param source the source's name: {@code twitter}, {@code bluesky}, {@code replay}, {@code stdin}
   * @param recordDir where to record the lines kept, or null
   */
  public StreamSettings settings(StreamPart part, String source, Path recordDir) {
    Path spool = Path.of(spoolDir).resolve(source.equals("bluesky") ? "bluesky-part-" + part.index() + "-of-" + part.count()
        : "part-" + part.index() + "-of-" + part.count());
    return new StreamSettings(part, spool, (long) spoolMaxMb << 20, rollMillis, Path.of(rejectsDir),
        (long) writeBufferMb << 20, durability, progressSeconds, drainSeconds, maxLagSeconds,
        stalledWriteSeconds, recordDir);
  }

  /** @throws IllegalArgumentException naming what is missing */
  public TwitterSource.Credentials credentials() {
    return new TwitterSource.Credentials(value(consumerKey, "consumerKey", "TWITTER_CONSUMER_KEY"),
        value(consumerSecret, "consumerSecret", "TWITTER_CONSUMER_SECRET"),
        value(accessToken, "accessToken", "TWITTER_ACCESS_TOKEN"),
        value(accessTokenSecret, "accessTokenSecret", "TWITTER_ACCESS_TOKEN_SECRET"));
  }

  private static String value(String configured, String name, String variable) {
    String v = configured != null && !configured.isBlank() ? configured : System.getenv(variable);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException("the twitter source needs stream." + name + " in the configuration or "
          + variable + " in the environment");
    }
    return v;
  }
}
