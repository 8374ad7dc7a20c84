package org.observatory.bench;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
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
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.observatory.loader.TweetFiles;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.schemas.tweet.TweetParser;

/**
 * The Elasticsearch-style peer: the index an analyst would build of the same files with Elasticsearch's
 * tweet mapping, written by Lucene, the library Elasticsearch stores with ({@code bench/run.sh} runs it
 * in a JVM of its own, beside Observatory's jar for the parser). Each tweet and embedded original is one
 * document, once: {@code _id} and {@code _source} (with the user object) stored, {@code text} through StandardAnalyzer, keyword
 * fields with doc values (hashtags, mentions and their ids, expanded URLs, user id, screen name,
 * language, the retweeted, quoted and replied-to ids), {@code id} and {@code created_at} as points with
 * doc values; delete notices honoured. Two codecs, as Elasticsearch's {@code index.codec}: {@code
 * best_speed} (its default, LZ4) and {@code best_compression} (DEFLATE). Elasticsearch would add its
 * translog and JSON over HTTP: this peer is the cheaper side of what Elasticsearch does.
 *
 * <p>{@code SearchIndexPeer --codec best_speed|best_compression --threads N --dir DIR FILE...} prints a
 * summary line as Observatory's commands do: tweets indexed, seconds, and the index's bytes.
 */
public final class SearchIndexPeer {
  /** Elasticsearch's indexing buffer on a 2.5 GB heap is about this (10 % of the heap, at least 48 MB). */
  private static final double BUFFER_MB = 256;

  private SearchIndexPeer() {}

  public static void main(String[] args) throws Exception {
    String codec = null;
    int threads = 2;
    Path dir = null;
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--codec" -> codec = args[++i];
        case "--threads" -> threads = Integer.parseInt(args[++i]);
        case "--dir" -> dir = Path.of(args[++i]);
        default -> files.add(Path.of(args[i]));
      }
    }
    if (codec == null || dir == null || files.isEmpty()) {
      throw new IllegalArgumentException("usage: SearchIndexPeer --codec best_speed|best_compression [--threads N] --dir DIR FILE|DIR...");
    }
    files = TweetFiles.expand(files);
    long inputBytes = 0;
    for (Path f : files) {
      inputBytes += Files.size(f);
    }
    long began = System.nanoTime();
    long tweets = index(files, mode(codec), threads, dir);
    double seconds = (System.nanoTime() - began) / 1e9;
    System.out.printf(Locale.ROOT, "%d files, %.1f MB in %.1f s: %.0f tweets/s; tweets=%d bytes=%d%n", files.size(),
        inputBytes / 1e6, seconds, tweets / seconds, tweets, StorageStage.bytes(dir));
  }

  private static Lucene912Codec.Mode mode(String codec) {
    return switch (codec) {
      case "best_speed" -> Lucene912Codec.Mode.BEST_SPEED;
      case "best_compression" -> Lucene912Codec.Mode.BEST_COMPRESSION;
      default -> throw new IllegalArgumentException("--codec is best_speed or best_compression: " + codec);
    };
  }

  /** Indexes the files, a file at a time on each thread, and returns the documents the index keeps. */
  static long index(List<Path> files, Lucene912Codec.Mode mode, int threads, Path dir) throws IOException {
    IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer())
        .setCodec(new Lucene912Codec(mode)).setRAMBufferSizeMB(BUFFER_MB);
    Set<Long> seen = ConcurrentHashMap.newKeySet();
    Set<Long> deleted = ConcurrentHashMap.newKeySet();
    AtomicLong added = new AtomicLong();
    try (FSDirectory directory = FSDirectory.open(dir); IndexWriter writer = new IndexWriter(directory, config)) {
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (Path file : files) {
          done.add(pool.submit(() -> {
            read(file, writer, seen, deleted, added);
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
      long erased = 0;
      for (long id : deleted) {
        if (seen.contains(id)) {
          writer.deleteDocuments(new Term("_id", Long.toString(id)));
          erased++;
        }
      }
      writer.commit();
      return added.get() - erased;
    }
  }

  private static void read(Path file, IndexWriter writer, Set<Long> seen, Set<Long> deleted, AtomicLong added)
      throws IOException {
    TweetParser parser = new TweetParser();
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
            writer.addDocument(document(t));
            added.incrementAndGet();
          }
        }
      }
    });
  }

  /** A tweet as Elasticsearch's tweet mapping holds it. */
  static Document document(Tweet t) {
    Document d = new Document();
    d.add(new StringField("_id", Long.toString(t.id()), Field.Store.YES));
    // _source as Elasticsearch keeps it: the status with its user object, its embedded originals documents
    // of their own (the parser cuts both out of the tweet's JSON; the user goes back beside it)
    d.add(new StoredField("_source", new BytesRef(t.json().getBytes(StandardCharsets.UTF_8))));
    d.add(new StoredField("_source.user", new BytesRef(t.user().json().getBytes(StandardCharsets.UTF_8))));
    d.add(new TextField("text", t.text(), Field.Store.NO));
    number(d, "id", t.id());
    number(d, "created_at", t.createdAt());
    keyword(d, "user.id", Long.toString(t.user().id()));
    keyword(d, "user.screen_name", t.user().screenName());
    keyword(d, "lang", t.lang());
    t.hashtags().forEach(h -> keyword(d, "hashtags", h.toLowerCase(Locale.ROOT)));
    for (Tweet.Mention m : t.mentions()) {
      keyword(d, "mentions", m.screenName().toLowerCase(Locale.ROOT));
      keyword(d, "mentions.id", Long.toString(m.userId()));
    }
    t.urls().forEach(u -> keyword(d, "urls", u));
    keyword(d, "retweeted.id", t.retweetOf() == null ? null : Long.toString(t.retweetOf().id()));
    keyword(d, "quoted.id", t.quoteOf() == null ? null : Long.toString(t.quoteOf().id()));
    keyword(d, "in_reply_to.id", t.replyTo() == null ? null : Long.toString(t.replyTo().id()));
    return d;
  }

  /** Elasticsearch's {@code keyword}: indexed as one term, with doc values; nothing for null. */
  private static void keyword(Document d, String field, String value) {
    if (value != null) {
      d.add(new StringField(field, value, Field.Store.NO));
      d.add(new SortedSetDocValuesField(field, new BytesRef(value)));
    }
  }

  /** Elasticsearch's {@code long} and {@code date}: a point, with doc values. */
  private static void number(Document d, String field, long value) {
    d.add(new LongPoint(field, value));
    d.add(new SortedNumericDocValuesField(field, value));
  }
}
