package org.observatory.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.observatory.loader.TweetFiles;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.schemas.tweet.TweetParser;

/**
 * The Elasticsearch-style peer's client: it loads the files into an OpenSearch node ({@code
 * bench/search-node}) over {@code _bulk}, as an analyst's ingest script would, and sizes the index.
 * Each tweet and embedded original is one document, once ({@code _id} its id): its JSON with the user
 * object back in place, plus what an ingest pipeline derives for a tweet mapping (the full text through
 * the standard analyzer; hashtags, mentions and their ids, expanded URLs, the retweeted, quoted and
 * replied-to ids as keywords; the time as a date). Delete notices are honoured at the end. The index
 * is tuned as Elasticsearch's guide for bulk loads says: one shard, no replica, no refresh until the
 * load is done.
 *
 * <p>{@code SearchNodePeer --url URL --codec default|best_compression --threads N FILE...} prints a
 * summary line as Observatory's commands do: documents, seconds (index creation to flushed), and the
 * bytes of the index's segments.
 */
public final class SearchNodePeer {
  private static final String INDEX = "tweets";
  /** Elasticsearch's guide: bulk requests of a few megabytes. */
  private static final int BULK_CHARS = 5_000_000;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final String url;
  private final Set<Long> seen = ConcurrentHashMap.newKeySet();
  private final Set<Long> deleted = ConcurrentHashMap.newKeySet();

  private SearchNodePeer(String url) {
    this.url = url;
  }

  public static void main(String[] args) throws Exception {
    String url = null;
    String codec = null;
    int threads = 2;
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--url" -> url = args[++i];
        case "--codec" -> codec = args[++i];
        case "--threads" -> threads = Integer.parseInt(args[++i]);
        default -> files.add(Path.of(args[i]));
      }
    }
    if (url == null || codec == null || files.isEmpty()) {
      throw new IllegalArgumentException("usage: SearchNodePeer --url URL --codec default|best_compression [--threads N] FILE|DIR...");
    }
    files = TweetFiles.expand(files);
    long inputBytes = 0;
    for (Path f : files) {
      inputBytes += Files.size(f);
    }
    SearchNodePeer peer = new SearchNodePeer(url);
    long began = System.nanoTime();
    peer.call("PUT", "/" + INDEX, mapping(codec));
    peer.load(files, threads);
    peer.call("POST", "/" + INDEX + "/_refresh", null);
    peer.call("POST", "/" + INDEX + "/_flush", null);
    double seconds = (System.nanoTime() - began) / 1e9;
    long documents = peer.call("GET", "/" + INDEX + "/_count", null).path("count").asLong();
    long bytes = 0;
    // the segments' own sizes: _stats' store size is a cache, refreshed every 10 s
    for (JsonNode segment : peer.call("GET", "/_cat/segments/" + INDEX + "?format=json&bytes=b", null)) {
      bytes += segment.path("size").asLong();
    }
    peer.call("DELETE", "/" + INDEX, null);
    System.out.printf(Locale.ROOT, "%d files, %.1f MB in %.1f s: %.0f tweets/s; tweets=%d bytes=%d%n", files.size(),
        inputBytes / 1e6, seconds, documents / seconds, documents, bytes);
  }

  /** The tweet mapping: only the fields named are indexed; the rest is kept in {@code _source}. */
  static String mapping(String codec) {
    if (!codec.equals("default") && !codec.equals("best_compression")) {
      throw new IllegalArgumentException("--codec is default (LZ4) or best_compression (DEFLATE): " + codec);
    }
    String keyword = "{\"type\":\"keyword\"}";
    return "{\"settings\":{\"index\":{\"number_of_shards\":1,\"number_of_replicas\":0,\"refresh_interval\":\"-1\","
        + "\"codec\":\"" + codec + "\"}},"
        // what the pipeline derives is indexed, not kept: _source stays the status as it came
        + "\"mappings\":{\"dynamic\":false,\"_source\":{\"excludes\":[\"indexed\"]},\"properties\":{"
        + "\"id\":{\"type\":\"long\"},\"lang\":" + keyword + ","
        + "\"user\":{\"properties\":{\"id\":" + keyword + ",\"screen_name\":" + keyword + "}},"
        + "\"indexed\":{\"properties\":{\"text\":{\"type\":\"text\"},"
        + "\"created_at\":{\"type\":\"date\",\"format\":\"epoch_millis\"},"
        + "\"hashtags\":" + keyword + ",\"mentions\":" + keyword + ",\"mention_ids\":" + keyword + ","
        + "\"urls\":" + keyword + ",\"retweeted_id\":" + keyword + ",\"quoted_id\":" + keyword + ","
        + "\"in_reply_to_id\":" + keyword + "}}}}}";
  }

  /** Reads the files, a file at a time on each thread, each sending its own bulk requests. */
  private void load(List<Path> files, int threads) throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (Path file : files) {
        done.add(pool.submit(() -> {
          read(file);
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException();
    } catch (ExecutionException e) {
      throw new IOException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
    StringBuilder bulk = new StringBuilder();
    for (long id : deleted) {
      if (seen.contains(id)) {
        bulk.append("{\"delete\":{\"_id\":\"").append(id).append("\"}}\n");
        if (bulk.length() >= BULK_CHARS) {
          bulk = send(bulk);
        }
      }
    }
    send(bulk);
  }

  private void read(Path file) throws IOException {
    TweetParser parser = new TweetParser();
    StringBuilder[] bulk = {new StringBuilder()};
    TweetFiles.read(file, new AtomicLong(), (number, line) -> {
      StreamItem item;
      try {
        item = parser.parse(line);
      } catch (MalformedTweetException e) {
        return;
      }
      if (item instanceof StreamItem.DeleteNotice notice) {
        deleted.add(notice.statusId());
      } else if (item instanceof StreamItem.Status status) {
        for (Tweet t : status.all()) {
          if (seen.add(t.id())) {
            bulk[0].append("{\"index\":{\"_id\":\"").append(t.id()).append("\"}}\n").append(document(t)).append('\n');
          }
        }
        if (bulk[0].length() >= BULK_CHARS) {
          bulk[0] = send(bulk[0]);
        }
      }
    });
    send(bulk[0]);
  }

  /** A tweet as the mapping takes it: its JSON, its user object, and the fields derived for the index. */
  static String document(Tweet t) throws IOException {
    ObjectNode d = (ObjectNode) JSON.readTree(t.json());
    d.set("user", JSON.readTree(t.user().json()));
    ObjectNode indexed = d.putObject("indexed");
    indexed.put("text", t.text());
    indexed.put("created_at", t.createdAt());
    t.hashtags().forEach(h -> indexed.withArray("hashtags").add(h.toLowerCase(Locale.ROOT)));
    for (Tweet.Mention m : t.mentions()) {
      indexed.withArray("mentions").add(m.screenName().toLowerCase(Locale.ROOT));
      indexed.withArray("mention_ids").add(Long.toString(m.userId()));
    }
    t.urls().forEach(u -> indexed.withArray("urls").add(u));
    if (t.retweetOf() != null) {
      indexed.put("retweeted_id", Long.toString(t.retweetOf().id()));
    }
    if (t.quoteOf() != null) {
      indexed.put("quoted_id", Long.toString(t.quoteOf().id()));
    }
    if (t.replyTo() != null) {
      indexed.put("in_reply_to_id", Long.toString(t.replyTo().id()));
    }
    return JSON.writeValueAsString(d);
  }

  /** Sends one bulk request, fails on any item's error, and returns an empty buffer for the next. */
  private StringBuilder send(StringBuilder bulk) throws IOException {
    if (bulk.length() > 0) {
      JsonNode answer = call("POST", "/" + INDEX + "/_bulk", bulk.toString());
      if (answer.path("errors").asBoolean()) {
        for (JsonNode item : answer.path("items")) {
          JsonNode error = item.elements().next().path("error");
          if (!error.isMissingNode()) {
            throw new IOException("the node refused a document: " + error);
          }
        }
      }
    }
    return new StringBuilder(BULK_CHARS + BULK_CHARS / 8);
  }

  private JsonNode call(String method, String path, String body) throws IOException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", path.endsWith("_bulk") ? "application/x-ndjson" : "application/json");
    }
    try {
      HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() / 100 != 2) {
        throw new IOException(method + " " + path + ": " + response.statusCode() + " " + response.body());
      }
      return JSON.readTree(response.body());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException();
    }
  }
}
