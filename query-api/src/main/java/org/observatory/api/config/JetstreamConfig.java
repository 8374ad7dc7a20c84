package org.observatory.api.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.observatory.loader.stream.JetstreamSource;
import org.observatory.schemas.bluesky.AtUri;

/** The {@code stream.bluesky:} section: which Jetstream instances, what to ask them for, and recording. */
public class JetstreamConfig {
  /** Bluesky's public instances; the source moves to the next after a failed connection. */
  @JsonProperty
  @NotEmpty
  private List<String> instances = List.of(
      "wss://jetstream1.us-east.bsky.network/subscribe",
      "wss://jetstream2.us-east.bsky.network/subscribe",
      "wss://jetstream1.us-west.bsky.network/subscribe",
      "wss://jetstream2.us-west.bsky.network/subscribe");

  /**
   * {@code wantedCollections}: posts and reposts, what the tables hold. Likes ({@code app.bsky.feed.like})
   * and follows ({@code app.bsky.graph.follow}) may be added to record them; the tables keep none.
   */
  @JsonProperty
  @NotEmpty
  private List<String> collections = List.of(AtUri.POST, AtUri.REPOST);

  /** {@code wantedDids}: only these accounts (at most 10,000); empty: every account. */
  @JsonProperty
  private List<String> dids = List.of();

  /** How far before the last event taken a reconnection or restart resumes. */
  @JsonProperty
  @Min(0)
  @Max(3600)
  private int rewindSeconds = 5;

  /** How far the newest event may trail the clock before the health check says the source is behind. */
  @JsonProperty
  @Min(1)
  private int behindSeconds = 60;

  @JsonProperty
  @Min(1)
  private int maxBackoffSeconds = 30;

  /** Whether to write every event kept, unchanged, to hourly {@code .jsonl.gz} files in {@code recordDir}. */
  @JsonProperty
  private boolean record = false;

  @JsonProperty
  @NotEmpty
  private String recordDir = "data/bluesky-recorded";

  /** The source's settings, its cursor kept in the loader's spool directory. */
  public JetstreamSource.Settings settings(Path spoolDir) {
    return new JetstreamSource.Settings(instances.stream().map(URI::create).toList(), collections, dids,
        spoolDir.resolve("jetstream.cursor"), rewindSeconds, behindSeconds, maxBackoffSeconds);
  }

  /** Where the events are recorded, or null when they are not. */
  public Path recordDir() {
    return record ? Path.of(recordDir) : null;
  }

  /** Records to this directory from now on (the command's {@code --record DIR}). */
  public JetstreamConfig recordingTo(String dir) {
    this.record = true;
    this.recordDir = dir;
    return this;
  }
}
