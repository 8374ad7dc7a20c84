package org.observatory.loader.stream;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import twitter4j.RawStreamListener;
import twitter4j.TwitterStream;
import twitter4j.TwitterStreamFactory;
import twitter4j.conf.ConfigurationBuilder;

/**
 * The Twitter API v1.1 streaming endpoint through twitter4j, as raw JSON lines: the sample stream, or
 * the filter stream when there are words to track. The endpoint is configurable, so the source can
 * read any server that speaks the stream format. twitter4j reconnects with back-off by itself; a
 * line waits in the listener while the spool is full, which holds the connection back.
 */
public final class TwitterSource implements LineSource {
  private static final Logger LOG = LoggerFactory.getLogger(TwitterSource.class);

  /** OAuth 1.0a credentials of a Twitter app and user. */
  public record Credentials(String consumerKey, String consumerSecret, String accessToken, String accessTokenSecret) {}

  private final Credentials credentials;
  private final String streamBaseUrl;
  private final String[] track;
  private final CountDownLatch closed = new CountDownLatch(1);
  private volatile TwitterStream stream;

  /** @param track words for the filter stream; none for the sample stream */
  public TwitterSource(Credentials credentials, String streamBaseUrl, String... track) {
    this.credentials = credentials;
    this.streamBaseUrl = streamBaseUrl.endsWith("/") ? streamBaseUrl : streamBaseUrl + "/";
    this.track = track;
  }

  @Override
  public void stream(Sink sink) throws IOException, InterruptedException {
    AtomicReference<Exception> sinkFailure = new AtomicReference<>();
    ConfigurationBuilder conf = new ConfigurationBuilder()
        .setOAuthConsumerKey(credentials.consumerKey()).setOAuthConsumerSecret(credentials.consumerSecret())
        .setOAuthAccessToken(credentials.accessToken()).setOAuthAccessTokenSecret(credentials.accessTokenSecret())
        .setStreamBaseURL(streamBaseUrl);
    stream = new TwitterStreamFactory(conf.build()).getInstance();
    stream.addListener(new RawStreamListener() {
      @Override
      public void onMessage(String rawJson) {
        try {
          sink.accept(rawJson);
        } catch (IOException | InterruptedException e) {
          sinkFailure.compareAndSet(null, e);
          closed.countDown();
        }
      }

      @Override
      public void onException(Exception e) {
        LOG.warn("twitter stream: {} (twitter4j reconnects)", e.toString());
      }
    });
    if (track.length == 0) {
      stream.sample();
    } else {
      stream.filter(track);
    }
    LOG.info("reading the {} stream at {}", track.length == 0 ? "sample" : "filter", streamBaseUrl);
    try {
      closed.await();
    } finally {
      stream.shutdown();
    }
    if (sinkFailure.get() instanceof IOException io) {
      throw io;
    }
  }

  @Override
  public void close() {
    closed.countDown();
  }
}
